# mk/install.mk -- make install and make uninstall. make install installs no package: when a
# dependency is missing it says which and stops (need-deps; make deps installs them).
#   make install    tools, both libraries, public headers (include/pdnkit/), pdnkit.pc, man pages,
#                   bash completion, the docs (DOCS), and the Python module when cffi is
#                   there; PREFIX, DESTDIR and the *DIR variables below choose where
#   make uninstall  removes all of it
BINDIR        ?= $(PREFIX)/bin
LIBDIR        ?= $(PREFIX)/lib
INCLUDEDIR    ?= $(PREFIX)/include
MANDIR        ?= $(PREFIX)/share/man
PKGCONFIGDIR  ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR   ?= $(PREFIX)/share/bash-completion/completions
DOCDIR        ?= $(PREFIX)/share/doc/pdnkit
# the texts the man pages cite (RULES 1.7, PERFT.md, the guide), the README and the release notes
DOCS          := README.md NEWS doc/RULES.md doc/PERFT.md doc/guide.md doc/languages.md doc/glossary.md
MANPAGES      := $(wildcard man/*.[1-8])

.PHONY: install uninstall install-files install-headers
install: need-deps
	@$(MAKE) --no-print-directory install-files
	@if [ -f $(PY_DIR)/_pdnkit$(PY_EXT) ] || $(PYTHON) -c 'import cffi' 2>/dev/null; then \
	  $(MAKE) --no-print-directory install-python; else echo "install: no cffi for $(PYTHON): the Python module is left out"; fi

install-files: build-tools $(LIB) $(BUILD)/libpdnkit.so $(BUILD)/pdnkit.pc $(BUILD)/completion/pdnkit install-headers
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(TOOLS) $(DESTDIR)$(BINDIR)/
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(SOLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf $(notdir $(SOLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libpdnkit.so
	install -m 644 $(BUILD)/pdnkit.pc $(DESTDIR)$(PKGCONFIGDIR)/
	@# the man pages' title lines say "pdnkit @VERSION@": the version is filled in here
	@for p in $(MANPAGES); do \
	  s=$${p##*.}; install -d $(DESTDIR)$(MANDIR)/man$$s; \
	  echo "install -m 644 $$p $(DESTDIR)$(MANDIR)/man$$s/ (version $(VERSION))"; \
	  sed 's/@VERSION@/$(VERSION)/g' $$p >$(DESTDIR)$(MANDIR)/man$$s/$${p##*/} && \
	  chmod 644 $(DESTDIR)$(MANDIR)/man$$s/$${p##*/} || exit 1; \
	done
	install -m 644 $(BUILD)/completion/pdnkit $(DESTDIR)$(BASHCOMPDIR)/pdnkit
	install -d $(DESTDIR)$(DOCDIR)
	install -m 644 $(DOCS) $(DESTDIR)$(DOCDIR)/
	@# bash-completion loads completions/NAME when NAME is completed: one link per tool
	@for t in $(TOOL_NAMES); do ln -sf pdnkit $(DESTDIR)$(BASHCOMPDIR)/$$t || exit 1; done

install-headers:
	install -d $(DESTDIR)$(INCLUDEDIR)/pdnkit
	install -m 644 $(PUBLIC_HEADER_FILES) $(DESTDIR)$(INCLUDEDIR)/pdnkit/

uninstall: uninstall-python
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(TOOL_NAMES))
	rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,libpdnkit.a libpdnkit.so $(SONAME) $(notdir $(SOLIB)))
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/pdnkit/,$(PUBLIC_HEADERS))
	@rmdir $(DESTDIR)$(INCLUDEDIR)/pdnkit 2>/dev/null || true
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/pdnkit.pc
	@for p in $(MANPAGES); do s=$${p##*.}; echo rm -f $(DESTDIR)$(MANDIR)/man$$s/$${p##*/}; \
	  rm -f $(DESTDIR)$(MANDIR)/man$$s/$${p##*/}; done
	rm -f $(addprefix $(DESTDIR)$(BASHCOMPDIR)/,pdnkit $(TOOL_NAMES))
	rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(DOCS)))
	@rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null || true
