# web/web.mk -- the arbiter's page (doc/guide.md, "The page in the browser"; doc/WEB.md), included by
# the Makefile (beside the page's sources; the rest of the build is in mk/*.mk):
#
#   make deps-web   Debian's emscripten, and the Debian source packages of PCRE2, zlib,
#                   bzip2, xz-utils and libzstd (mk/deps.sh, part web, which has web/deps.sh
#                   fetch the sources): the only network step
#   make web        $(BUILD)/web/pdnkit.html: the library compiled to WebAssembly, with the
#                   page's HTML, CSS and JavaScript, in one file (web/assemble.py)
#
# The library's own sources (LIB_SRC, whatever folders src/ has) and the tools' shared code
# (CLI_SRC, src/cli/: the page words its options and errors as the tools do) are compiled
# with emcc into $(BUILD)/web/obj, the five libraries it links natively into $(BUILD)/web/3p
# (web/build-3p.sh), and linked with web/pdnkit_web.c, the entry points the page's worker
# calls. Nothing is fetched at build time: emscripten's ports download their sources,
# so none is used.
WEB       := $(BUILD)/web
# the Debian source packages deps-web fetches (once: like an installed package, never again
# by make check; distcheck hands its tree this one)
WEB_DEPS  ?= build/web/deps
EMCC      ?= emcc
WEB_OPT   ?= -O3
# Debian's emcc runs node scripts that require() Debian's node modules (acorn, in
# /usr/share/nodejs), which a node from elsewhere does not search by itself.
WEB_ENV   := NODE_PATH=/usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))
WEB_CC     = $(WEB_ENV) $(EMCC)
WEB_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -DNDEBUG $(WEB_OPT) $(WARN) $(SRC_INC) $(CLI_INC) -I$(WEB)/3p/include
WEB_OBJ   := $(LIB_SRC:%.c=$(WEB)/obj/%.o) $(CLI_SRC:%.c=$(WEB)/obj/%.o) $(WEB)/obj/web/pdnkit_web.o
WEB_3P    := $(WEB)/3p/libpcre2.a $(WEB)/3p/libz.a $(WEB)/3p/libbz2.a $(WEB)/3p/liblzma.a $(WEB)/3p/libzstd.a
WEB_3P_STAMP := $(WEB)/3p/.built
WEB_EXPORTS := _pkw_check,_pkw_position,_pkw_game,_pkw_variants,_pkw_version,_free
# one module factory for the worker; no eval (the page's Content-Security-Policy forbids
# it); memory grows with the input (OCA's report is 6.5 MB)
WEB_LDFLAGS := -sMODULARIZE=1 -sEXPORT_NAME=createPdnkit -sENVIRONMENT=worker -sSINGLE_FILE=1 \
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sDYNAMIC_EXECUTION=0 -sFILESYSTEM=1 \
  -sEXPORTED_FUNCTIONS=$(WEB_EXPORTS) -sEXPORTED_RUNTIME_METHODS=FS,ccall,UTF8ToString
WEB_PAGE  := web/page.html web/page.css web/page.js web/worker.js web/assemble.py pdn/international.pdn

# deps-web (mk/deps.mk) installs the page's dependencies; web only looks for them
.PHONY: web
web: need-deps need-web
	@$(MAKE) --no-print-directory $(WEB)/pdnkit.html

# one stamp for the five archives, which one run of the script makes (make -j runs it once)
$(WEB_3P_STAMP): web/build-3p.sh web/xz-config.h $(wildcard $(WEB_DEPS)/*/.unpacked)
	@echo "web: compiling PCRE2, zlib, bzip2, liblzma and libzstd to WebAssembly"
	@$(WEB_ENV) EMCC="$(EMCC)" WEB_OPT="$(WEB_OPT)" sh web/build-3p.sh $(WEB_DEPS) $(WEB)/3p
	@touch $@

$(WEB)/obj/%.o: %.c $(WEB_3P_STAMP)
	@mkdir -p $(@D)
	$(WEB_CC) $(WEB_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(WEB)/pdnkit.js: $(WEB_OBJ) $(WEB_3P_STAMP)
	$(WEB_CC) $(WEB_OPT) $(WEB_LDFLAGS) $(WEB_OBJ) $(WEB_3P) -o $@

# The report's inline script and style are hashed into the page's Content-Security-Policy:
# they are taken from the report pdncheck writes (the same html_report.c).
$(WEB)/pdnkit.html: $(WEB)/pdnkit.js $(WEB_PAGE) $(BUILD)/bin/pdncheck include/pdnkit/pk_common.h $(MO_FILES)
	python3 web/assemble.py --pdncheck $(BUILD)/bin/pdncheck --module $(WEB)/pdnkit.js \
	  --version $(VERSION) --locale $(BUILD)/locale --out $@
	@echo "web: wrote $@ ($$(wc -c <$@) bytes)"

-include $(WEB_OBJ:.o=.d)

# make check and make bench build the page where they can. make check passes
# WEB_DEPS_MODE=install: like deps-check, mk/deps.sh then installs what is missing (as root
# on Debian: the only network step, done once; then it finds everything and fetches
# nothing); elsewhere (and in every other target) it only looks, and the page's test is a
# SKIP, which CI refuses. The test itself never installs or fetches anything. pdncheck (and
# so the library) is built first, by the make that runs this: the make the recipe starts
# would otherwise rebuild libpdnkit.a while the first links the tests against it (make -j:
# CI's make check failed so, the archive removed under a link).
WEB_DEPS_MODE ?= check
.PHONY: web-if-possible
web-if-possible: $(BUILD)/bin/pdncheck
	@if $(DEPS_ENV) sh mk/deps.sh $(WEB_DEPS_MODE) web; then $(MAKE) --no-print-directory $(WEB)/pdnkit.html; \
	else echo "web: the page is not built: tests/scripts/browser-web.sh will SKIP"; fi
