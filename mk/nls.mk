# mk/nls.mk -- messages in the reader's language (issue 36): gettext catalogues in po/.
#   po/pdnkit.pot            the template: make regenerates it from the sources with xgettext
#                            into $(BUILD)/pdnkit.pot, make pot copies that over it
#   $(BUILD)/locale/LL/LC_MESSAGES/pdnkit.mo   each po/LL.po compiled (msgfmt --check); the
#                            tools find them with PDNKIT_LOCALEDIR=$(BUILD)/locale (the tests)
#   make install             puts them under $(LOCALEDIR) (share/locale)
# NLS=0 builds without gettext (no libintl, mingw): the words stay English.
NLS       ?= 1
LOCALEDIR ?= $(PREFIX)/share/locale
ALL_CFLAGS += $(if $(filter 1,$(NLS)),-DENABLE_NLS)
# only nls_mo.c knows the install's folder: PREFIX changes rebuild nothing else
$(BUILD)/obj/base/nls_mo.o $(BUILD)/pic/base/nls_mo.o: ALL_CFLAGS += -DPK_LOCALEDIR='"$(LOCALEDIR)"'

PO_LANGS  := $(basename $(notdir $(wildcard po/*.po)))
MO_FILES  := $(PO_LANGS:%=$(BUILD)/locale/%/LC_MESSAGES/pdnkit.mo)
# every file whose words are marked: the library, the tools' shared code, the mains
NLS_SRC    = $(sort $(wildcard src/*/*.c src/*/*.h))
XGETTEXT_FLAGS := --language=C --from-code=UTF-8 --add-comments=TRANSLATORS: --no-location --sort-output \
  --keyword=PK_T --keyword=PK_TN:1,2 --keyword=N_ \
  --keyword=pk_rp_report:7 --keyword=pk_rp_report_move:9 --keyword=report_unplayed:8 \
  --keyword=pk_rd_report:6 --keyword=pk_rd_tolerate:5 --keyword=pk_rd_syntax:4 \
  --package-name=pdnkit --msgid-bugs-address=https://github.com/pdnkit/pdnkit/issues
# the HTML report's words (html_int.h)
XGETTEXT_FLAGS += --keyword=PK_HT:2 --keyword=PK_HTN:2,3
# the page's own words (web/: page.js's T() and TN(), page.html's data-t through web/words.sh),
# under the context "page", in the same catalogues: page.js reads them from the .mo the page
# already holds for the worker (issue 36)
# xgettext 0.21 garbles a JavaScript string's non-ASCII characters, written or escaped: page.js
# escapes them (\u2019), and they are hidden from it as @u2019@ and put back in UTF-8.
NLS_WEB    = web/page.js web/page.html web/words.sh
XGETTEXT_WEB_FLAGS := --language=JavaScript --from-code=UTF-8 --add-comments=TRANSLATORS: --no-location \
  --sort-output --keyword= --keyword=T --keyword=TN:1,2

.PHONY: pot mo install-mo uninstall-mo
mo: $(if $(filter 1,$(NLS)),$(MO_FILES))
# make regenerates the template from the sources ($(BUILD)/pdnkit.pot); make pot copies it
# over po/pdnkit.pot, which tests/scripts/nls.sh compares with it: a stale one fails there
build-tools: $(if $(filter 1,$(NLS)),$(BUILD)/pdnkit.pot) mo
# the tests read the catalogues from the build tree (test_nls, tests/scripts/nls.sh)
build-tests: mo

# the template as the sources make it; po/pdnkit.pot is rewritten only when it differs but
# for its date; then msgmerge -U po/LL.po po/pdnkit.pot and translate what is new
pot: $(BUILD)/pdnkit.pot
	@if ! diff -q -I '^"POT-Creation-Date' $< po/pdnkit.pot >/dev/null 2>&1; then cp $< po/pdnkit.pot; echo "pot: po/pdnkit.pot updated"; fi
$(BUILD)/pdnkit.pot: $(NLS_SRC) $(NLS_WEB) mk/nls.mk
	@mkdir -p $(@D)
	@xgettext $(XGETTEXT_FLAGS) -o $@.tmp $(NLS_SRC) && sed -i 's/charset=CHARSET/charset=UTF-8/' $@.tmp
	@sh web/words.sh web/page.html >$@.words.js
	@sed 's/\\u\(20[0-9a-f][0-9a-f]\)/@u\1@/g' web/page.js >$@.page.js
	@xgettext $(XGETTEXT_WEB_FLAGS) -o $@.web $@.page.js $@.words.js
	@awk '/^msgid / && seen++ { print "msgctxt \"page\"" } { print }' $@.web | \
	  sed 's/@u2013@/\xe2\x80\x93/g; s/@u2014@/\xe2\x80\x94/g; s/@u2019@/\xe2\x80\x99/g; s/@u2026@/\xe2\x80\xa6/g; s/charset=CHARSET/charset=UTF-8/' >$@.webc
	@if grep -q '@u20' $@.webc; then echo "nls.mk: page.js has a \\u20xx escape the sed above does not turn back" >&2; exit 1; fi
	@msgcat --use-first --sort-output -o $@.tmp $@.tmp $@.webc && rm -f $@.web $@.webc $@.words.js $@.page.js && mv $@.tmp $@

$(BUILD)/locale/%/LC_MESSAGES/pdnkit.mo: po/%.po
	@mkdir -p $(@D)
	msgfmt --check -o $@ $<

install-mo: mo
	@for l in $(if $(filter 1,$(NLS)),$(PO_LANGS)); do \
	  install -d $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES && \
	  install -m 644 $(BUILD)/locale/$$l/LC_MESSAGES/pdnkit.mo $(DESTDIR)$(LOCALEDIR)/$$l/LC_MESSAGES/ || exit 1; done
uninstall-mo:
	rm -f $(PO_LANGS:%=$(DESTDIR)$(LOCALEDIR)/%/LC_MESSAGES/pdnkit.mo)
install-files: install-mo
uninstall: uninstall-mo
