# pdnkit -- GNU make build.
#
#   make            build the library and the tools (installs missing deps first)
#   make run        build, then run the main job on the bundled games in pdn/
#   make check      build, then run every test (CUnit suites, golden CLI tests, corpus runs)
#   make bench      optimised build (-O3 -march=native), then the benchmarks
#                   (MOBYDAM=DIR: also pdnperft against Moby Dam built from DIR)
#   make perft-deep the deep perft series of PERFT.md (minutes; not in CI)
#   make check-jobs pdnfen and pdnconv at -j 2 against -j 1 on every corpus file, every mode
#   make lib        libpdnkit.a and the shared libpdnkit.so
#   make python     the Python module pdnkit in $(BUILD)/python (PYTHONPATH=build/python python3)
#   make install    PREFIX=/usr/local DESTDIR= (make uninstall undoes it)
#   make dist       pdnkit-VERSION.tar.gz (make distcheck: build and test it in an empty folder)
#   make check-clang, make check-musl: the other compiler and C library (CI runs both)
#   make web        the arbiter's page, build/web/pdnkit.html (make deps-web: emscripten)
#   make coverage   make check's tests on a gcov build: line and function coverage of the library
#   make check-sabotage  one-line sabotages of the library, each must make a test fail
#
# Library sources are src/LAYER/*.c, one folder per layer (LAYERS, lowest first; README
# "Architecture"), the tools' shared code is src/cli/*.c (an archive of its own, CLI_LIB),
# tool mains are src/tools/*.c, unit test programs are
# tests/unit/test_*.c (each one a CUnit program of its own), programs the corpus scripts
# run are tests/corpus/*.c: new files need no edit here.

PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   ?= build
CC      ?= cc
# -DNDEBUG: release builds leave assert() out (src/base/pk_assert.h says the policy); a build
# given its own OPT (make OPT="-O0 -g", the sanitizers, the fuzzers, coverage) keeps them on
OPT     ?= -O2 -g -DNDEBUG
CFLAGS  ?=
LDFLAGS ?=
WERROR  ?=
# objects linked into every tool and test program besides the library (make check-musl)
LINK_EXTRA ?=

PKGS      := libpcre2-8
TEST_PKGS := cunit
# compressed input (README "Dependencies"): zlib, liblzma, libzstd have .pc files; libbz2
# often has none (Debian), so it is found by its header and linked as -lbz2
ZIP_PKGS  := zlib liblzma libzstd

WARN     := -Wall -Wextra -Wpedantic $(if $(WERROR),-Werror)
DEPFLAGS  = -MMD -MP
PCRE_CFLAGS  = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PCRE_LIBS    = $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CUNIT_CFLAGS = $(shell pkg-config --cflags $(TEST_PKGS) 2>/dev/null)
CUNIT_LIBS   = $(shell pkg-config --libs $(TEST_PKGS) 2>/dev/null)
ZIP_CFLAGS   = $(shell pkg-config --cflags $(ZIP_PKGS) 2>/dev/null)
ZIP_LIBS     = $(shell pkg-config --libs $(ZIP_PKGS) 2>/dev/null) \
               $(shell pkg-config --libs bzip2 2>/dev/null || echo -lbz2)
LIBS         = $(PCRE_LIBS) $(ZIP_LIBS) -lm
# The library's layers, lowest first: src/LAYER/ each (tests/install/layers.sh checks that
# no file uses one of a higher layer). Headers are included as "x.h": one -I per folder,
# include/pdnkit/ (the installed headers, nothing else) first.
LAYERS       := base engine pdn judge report batch
SRC_INC      := -Iinclude/pdnkit -Isrc $(addprefix -Isrc/,$(LAYERS))
# The tools' own code (option parsing, -o, --color, the inputs walk, pdngrep's search, filter
# and game key): src/cli/, compiled into a helper archive of its own that the tools, the test
# programs and the page link, never installed and never part of libpdnkit. Only what links
# it sees its headers (CLI_INC): a library file that includes one does not compile.
CLI_INC      := -Isrc/cli
ALL_CFLAGS   = -std=c11 -D_POSIX_C_SOURCE=200809L -pthread $(OPT) $(WARN) $(CFLAGS) $(SRC_INC) $(PCRE_CFLAGS) $(ZIP_CFLAGS)

LIB_SRC   := $(sort $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c)))
CLI_SRC   := $(sort $(wildcard src/cli/*.c))
TOOL_SRC  := $(sort $(wildcard src/tools/*.c))
UNIT_SRC  := $(sort $(wildcard tests/unit/test_*.c))
HELP_SRC  := $(sort $(wildcard tests/corpus/*.c))
LIB_OBJ   := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
CLI_OBJ   := $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
TOOLS     := $(TOOL_SRC:src/tools/%.c=$(BUILD)/bin/%)
UNITS     := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
HELPERS   := $(HELP_SRC:tests/corpus/%.c=$(BUILD)/tests/helpers/%)
LIB       := $(BUILD)/libpdnkit.a
CLI_LIB   := $(BUILD)/libpdnkit-cli.a

.PHONY: all deps run check unit golden corpus bench perft-deep lib install uninstall clean
.DEFAULT_GOAL := all

all: deps
	@$(MAKE) --no-print-directory build-tools

.PHONY: build-tools build-tests
build-tools: $(TOOLS)
build-tests: $(TOOLS) $(UNITS) $(HELPERS)

# --- dependencies ------------------------------------------------------------
# Every deps-* recipe finds what is missing into $$missing (Debian package names), then ends
# with $(call apt_install,NAME,APT-FLAGS): with apt-get and root, NAME says what it installs
# and installs it; elsewhere $(NAME_else) runs (a shell command: it names the packages and
# stops, or says which tests will SKIP). One copy of the recipe for every deps target.
define apt_install
if [ -n "$$missing" ]; then \
  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
    echo "$(1): installing$$missing"; \
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && \
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2) $$missing >/dev/null || exit 1; \
  else $($(1)_else); fi; \
fi
endef

# Installs what pkg-config cannot find, with apt-get on Debian/Ubuntu when root;
# elsewhere it says what to install and stops.
deps_else = echo "deps: missing$$missing"; \
  echo "deps: install them (Debian/Ubuntu: apt-get install$$missing; Fedora: pcre2-devel CUnit-devel pkgconf zlib-devel xz-devel libzstd-devel bzip2-devel bzip2 xz zstd)"; \
  exit 1
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	pkg-config --exists $(PKGS) 2>/dev/null || missing="$$missing libpcre2-dev"; \
	pkg-config --exists $(TEST_PKGS) 2>/dev/null || missing="$$missing libcunit1-dev"; \
	pkg-config --exists zlib 2>/dev/null || missing="$$missing zlib1g-dev"; \
	pkg-config --exists liblzma 2>/dev/null || missing="$$missing liblzma-dev"; \
	pkg-config --exists libzstd 2>/dev/null || missing="$$missing libzstd-dev"; \
	{ pkg-config --exists bzip2 2>/dev/null || \
	  printf '#include <bzlib.h>\n' | $(CC) -E -x c - >/dev/null 2>&1; } || missing="$$missing libbz2-dev"; \
	for t in bzip2:bzip2 xz:xz-utils zstd:zstd gzip:gzip iconv:libc-bin; do \
	  command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t#*:}"; done; \
	$(call apt_install,deps,)

# What `make check` needs beyond the build: headless Chromium and python3 for the browser
# tests (tests/browser/: python3 reads the PNG pixels with its standard library), GNU parallel
# for the README's recipe for many machines (tests/corpus/shard-parallel.sh), valgrind for the
# instruction counts of tests/corpus/speed-ratios.sh. Installed like
# deps when missing; without root or apt it names them and goes on: those tests then SKIP
# (exit 77), which `make check` counts apart and CI (PK_NO_SKIP=1) refuses. Tests themselves
# never install anything (no network once the deps are in).
CHECK_TOOLS := chromium:chromium python3:python3 parallel:parallel valgrind:valgrind
.PHONY: deps-check deps-browser deps-parallel deps-python
deps-check_else = echo "deps-check: missing$$missing (Debian/Ubuntu: apt-get install$$missing); the tests that need them will SKIP"
deps-check:
	@missing=""; \
	for t in $(CHECK_TOOLS); do command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t#*:}"; done; \
	$(call apt_install,deps-check,--no-install-recommends)
deps-browser deps-parallel: deps-check

# The Python module (README "Python"): Debian's python3 with its headers, cffi (the module is
# cffi API mode, compiled here), pytest for its tests, dask.distributed for the recipe for many
# machines. Installed like deps-check when missing (root and apt), else named: the Python
# tests then SKIP. PYTHON is Debian's interpreter, the one these packages serve.
PYTHON ?= $(shell [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || command -v python3)
PY_MODULES := cffi:python3-cffi pytest:python3-pytest distributed:python3-distributed
deps-python_else = echo "deps-python: missing$$missing for $(PYTHON) (Debian/Ubuntu: apt-get install$$missing); the Python tests will SKIP"
deps-python:
	@missing=""; \
	$(PYTHON) -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
	  2>/dev/null || missing="$$missing python3-dev"; \
	for m in $(PY_MODULES); do $(PYTHON) -c "import $${m%%:*}" 2>/dev/null || missing="$$missing $${m#*:}"; done; \
	$(call apt_install,deps-python,--no-install-recommends)

# The ABI check (make check-abi, README "Library and ABI"): Debian's abi-dumper (which pulls in
# elfutils and vtable-dumper) and abi-compliance-checker. Installed like deps-check when
# missing (root and apt), else named: make check-abi then stops, saying what to install.
ABI_TOOLS := abi-dumper:abi-dumper abi-compliance-checker:abi-compliance-checker eu-readelf:elfutils
.PHONY: deps-abi
deps-abi_else = echo "deps-abi: missing$$missing (Debian/Ubuntu: apt-get install$$missing)"; exit 1
deps-abi:
	@missing=""; \
	for t in $(ABI_TOOLS); do command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t#*:}"; done; \
	$(call apt_install,deps-abi,--no-install-recommends)

# --- build -------------------------------------------------------------------
# The library's objects hide every symbol that its public headers do not mark PK_API
# (pk_common.h): a symbol of a file's own stays the file's, even in libpdnkit.so.
LIB_VIS := -fvisibility=hidden
$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LIB_VIS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/obj/cli/%.o: src/cli/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) $(DEPFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(CLI_LIB): $(CLI_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/bin/%: src/tools/%.c $(CLI_LIB) $(LIB) $(LINK_EXTRA)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) $(DEPFLAGS) $< $(CLI_LIB) $(LIB) $(LINK_EXTRA) $(LDFLAGS) $(LIBS) -o $@

# programs the corpus scripts run (tests/corpus/*.c): the library's view of a file
$(BUILD)/tests/helpers/%: tests/corpus/%.c $(CLI_LIB) $(LIB) $(LINK_EXTRA)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) $(DEPFLAGS) $< $(CLI_LIB) $(LIB) $(LINK_EXTRA) $(LDFLAGS) $(LIBS) -o $@

$(BUILD)/tests/%: tests/unit/%.c $(CLI_LIB) $(LIB) $(LINK_EXTRA)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) $(CUNIT_CFLAGS) -Itests $(DEPFLAGS) $< $(CLI_LIB) $(LIB) $(LINK_EXTRA) $(LDFLAGS) $(LIBS) $(CUNIT_LIBS) -o $@

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TOOLS:=.d) $(UNITS:=.d) $(HELPERS:=.d)

# the arbiter's page in the browser: make deps-web, make web (web/web.mk)
include web/web.mk

# --- run and test ------------------------------------------------------------
# The test corpora (tests/corpora, large files stored as .zst) unpacked into $(BUILD)/corpora.
CORPORA = $(abspath $(BUILD)/corpora)
.PHONY: corpora
corpora:
	@sh tests/unpack-corpora.sh $(BUILD)/corpora

run: all
	@BUILD=$(BUILD) sh tests/run-main.sh

# CHECK_GROUPS: the groups of tests/run-all.sh to run (default all four); the page and the
# Python module are built only when the corpus group (whose scripts test them) runs.
CHECK_GROUPS ?= unit golden corpus install
# The install tests (lib.sh, ctypes.sh) each run a make install of their own (one after
# the other, after the rest: tests/run-all.sh): the shared library is built here, in the
# make that has the jobserver, so that their makes find it made.
INSTALL_BUILT = $(BUILD)/libpdnkit.so
check: deps deps-check deps-python
	@$(MAKE) --no-print-directory build-tests corpora $(if $(filter corpus,$(CHECK_GROUPS)),web-if-possible) \
	  $(if $(filter install,$(CHECK_GROUPS)),$(INSTALL_BUILT))
	@$(if $(filter corpus,$(CHECK_GROUPS)),$(MAKE) --no-print-directory build-python-if,:)
	@PYTHON=$(PYTHON) BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/run-all.sh $(CHECK_GROUPS)

unit: deps
	@$(MAKE) --no-print-directory build-tests corpora
	@BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/run-all.sh unit

golden: deps
	@$(MAKE) --no-print-directory build-tests corpora
	@BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/run-all.sh golden

corpus: deps deps-check deps-python
	@$(MAKE) --no-print-directory build-tests corpora web-if-possible
	@$(MAKE) --no-print-directory build-python-if
	@PYTHON=$(PYTHON) BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/run-all.sh corpus

# pdnfen and pdnconv at -j 2 against -j 1 on every corpus file in every mode (make check
# compares the files under 1 MB; the JSON of OCA alone is 200 MB): for CI and by hand
.PHONY: check-jobs
check-jobs: deps corpora
	@$(MAKE) --no-print-directory build-tests
	@JOBS_ALL=1 BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/corpus/jobs-same-output-tools.sh

bench: deps deps-python corpora
	@$(MAKE) --no-print-directory BUILD=build/bench OPT="-O3 -march=native -g -DNDEBUG" build-tools build-python-if
	@$(MAKE) --no-print-directory web-if-possible
	@PYTHON=$(PYTHON) BUILD=build/bench CORPORA=$(CORPORA) LIBS="$(LIBS)" MOBYDAM="$(MOBYDAM)" WEB_PAGE=$(WEB)/pdnkit.html sh tests/bench.sh

perft-deep: deps
	@$(MAKE) --no-print-directory BUILD=build/bench OPT="-O3 -march=native -g -DNDEBUG" build-tools
	@BUILD=build/bench sh tests/perft.sh deep
	@BUILD=build/bench sh tests/perft/cross-check.sh 8

# --- library and install --------------------------------------------------------
#   make lib        libpdnkit.a and the shared libpdnkit.so.$(VERSION) (soname libpdnkit.so.$(SOMAJOR))
#   make install    tools, both libraries, public headers (include/pdnkit/), pdnkit.pc, man pages,
#                   bash completion; PREFIX, DESTDIR and the *DIR variables below choose where
#   make uninstall  removes all of it
# The shared library is built from -fPIC objects of its own ($(BUILD)/pic/) so that the static
# library and the tools keep their non-PIC code. The public headers are include/pdnkit/*.h,
# installed as they are (a new one: put it there); every header under src/ stays private, and
# no public header may include one (tests/install/headers.sh). Headers include each other as
# "x.h", which resolves inside include/pdnkit/ once installed too.
BINDIR        ?= $(PREFIX)/bin
LIBDIR        ?= $(PREFIX)/lib
INCLUDEDIR    ?= $(PREFIX)/include
MANDIR        ?= $(PREFIX)/share/man
PKGCONFIGDIR  ?= $(LIBDIR)/pkgconfig
BASHCOMPDIR   ?= $(PREFIX)/share/bash-completion/completions
DOCDIR        ?= $(PREFIX)/share/doc/pdnkit
# the texts the man pages cite (RULES 1.7, PERFT.md), the README and the release notes
DOCS          := README.md NEWS doc/RULES.md doc/PERFT.md

VERSION   := $(shell sed -n 's/^\#define PDNKIT_VERSION_\(MAJOR\|MINOR\|PATCH\) *\([0-9][0-9]*\)$$/\2/p' include/pdnkit/pk_common.h | paste -sd.)
SOMAJOR   := $(firstword $(subst ., ,$(VERSION)))
SONAME    := libpdnkit.so.$(SOMAJOR)
SOLIB     := $(BUILD)/libpdnkit.so.$(VERSION)
PIC_OBJ   := $(LIB_SRC:src/%.c=$(BUILD)/pic/%.o)
PUBLIC_HEADER_FILES := $(sort $(wildcard include/pdnkit/*.h))
PUBLIC_HEADERS := $(notdir $(PUBLIC_HEADER_FILES))
TOOL_NAMES := $(notdir $(TOOLS))
MANPAGES  := $(wildcard man/*.[1-8])

.PHONY: lib install-files install-headers
lib: deps
	@$(MAKE) --no-print-directory $(LIB) $(BUILD)/libpdnkit.so

$(BUILD)/pic/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LIB_VIS) -fPIC $(DEPFLAGS) -c $< -o $@

# The shared library exports what the public headers mark PK_API and nothing else: the
# objects are compiled with -fvisibility=hidden (LIB_VIS), so the export list is the PK_API
# declarations, made by the compiler, with no list to keep beside them (the lexer, the
# arena and the byte source stay internal, as their headers do). tests/install/lib.sh
# checks the result both ways: every exported symbol declared PK_API by an installed
# header, every function an installed header declares exported.
$(SOLIB): $(PIC_OBJ)
	$(CC) -shared -Wl,-soname,$(SONAME) $(OPT) $(CFLAGS) \
	  $(PIC_OBJ) $(PCRE_LIBS) $(ZIP_LIBS) -lpthread -lm -o $@

$(BUILD)/libpdnkit.so: $(SOLIB)
	ln -sf $(notdir $(SOLIB)) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $@

# pdnkit.pc: the libraries of the static library's dependencies, by their .pc files where
# they have one (PKGS; ZIP_PKGS when compressed input is built in), else as -l flags (libbz2
# has no .pc on Debian). It says ${prefix}/lib rather than $(PREFIX)/lib, so that
# pkg-config --define-prefix works.
PC_REQUIRES = $(PKGS) $(ZIP_PKGS)
PC_LIBS     = $(filter -lbz2,$(ZIP_LIBS)) -lpthread -lm
pc_rel = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
# (FORCE: PREFIX may differ from the last make's; written to a file of the shell's own and
# renamed, so that no make or reader ever sees half of one)
$(BUILD)/pdnkit.pc: pdnkit.pc.in include/pdnkit/pk_common.h FORCE
	@mkdir -p $(@D)
	@sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(call pc_rel,$(LIBDIR))|' \
	  -e 's|@INCLUDEDIR@|$(call pc_rel,$(INCLUDEDIR))|' \
	  -e 's|@VERSION@|$(VERSION)|; s|@REQUIRES@|$(strip $(PC_REQUIRES))|; s|@LIBS@|$(strip $(PC_LIBS))|' \
	  pdnkit.pc.in >$@.$$$$ && mv -f $@.$$$$ $@

$(BUILD)/completion/pdnkit: completion/pdnkit.bash FORCE
	@mkdir -p $(@D)
	@sed -e 's|@TOOLS@|$(TOOL_NAMES)|' completion/pdnkit.bash >$@.$$$$ && mv -f $@.$$$$ $@

.PHONY: FORCE
FORCE:

-include $(PIC_OBJ:.o=.d)

# --- the ABI check (README "Library and ABI") ------------------------------------------
#   make check-abi  libpdnkit.so built with debug info (-g -Og, in build/abi), dumped by
#                   abi-dumper restricted to the public headers, compared by
#                   abi-compliance-checker with the last release's dump in tests/abi/: an
#                   incompatible change (binary or source) fails unless the soname major
#                   (PDNKIT_VERSION_MAJOR) was bumped and NEWS says the ABI changed
#                   (tests/abi/check.sh). CI runs it after make check.
#   make check-abi-sabotage  proves it: incompatible changes made in a copy must fail it
#   make abi-dump   writes tests/abi/pdnkit-VERSION.dump.zst from the tree as it is (at a
#                   release; the old dump is removed): commit it
# Paths in the debug info are made relative (-fdebug-prefix-map), so that the dump does not
# depend on where the tree is. The build runs on every core unless make was given -j.
ABI_BUILD := build/abi
.PHONY: check-abi abi-dump abi-build
check-abi: deps deps-abi
	@$(MAKE) --no-print-directory abi-build
	@sh tests/abi/check.sh $(ABI_BUILD) $(VERSION)

abi-dump: deps deps-abi
	@$(MAKE) --no-print-directory abi-build
	@sh tests/abi/check.sh --dump $(ABI_BUILD) $(VERSION)

# make check-abi-sabotage: check-abi must fail on a struct field and a parameter added, pass a
# new function, and want NEWS when the major is bumped (tests/abi/sabotage.sh, in a copy of
# the tree; about 45 s of CPU after check-abi; CI runs it)
.PHONY: check-abi-sabotage
check-abi-sabotage: check-abi
	@BUILD=$(BUILD) sh tests/abi/sabotage.sh

abi-build:
	@$(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j$(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)) \
	  BUILD=$(ABI_BUILD) OPT="-g -Og" CFLAGS="$(CFLAGS) -fdebug-prefix-map=$(CURDIR)=." $(ABI_BUILD)/libpdnkit.so
	@rm -rf $(ABI_BUILD)/include && mkdir -p $(ABI_BUILD)/include/pdnkit && cp $(PUBLIC_HEADER_FILES) $(ABI_BUILD)/include/pdnkit/

# --- the Python module (README "Python") ----------------------------------------------
#   make python     $(BUILD)/python/pdnkit: pdnkit/__init__.py and the cffi extension
#                   _pdnkit (API mode), linked with the library's -fPIC objects, so that it
#                   needs no libpdnkit.so at run time. python/build_ffi.py writes its C;
#                   the compiler here builds it (no setuptools, nothing fetched).
PY_EXT    = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
PY_INC    = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
PY_VER    = $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)
# where `make install` puts the package: the folder Debian's python3 reads for PREFIX
PYTHONDIR ?= $(if $(filter /usr,$(PREFIX)),/usr/lib/python3/dist-packages,$(PREFIX)/lib/python$(PY_VER)/dist-packages)
PY_DIR    := $(BUILD)/python/pdnkit
PY_FILES  := $(PY_DIR)/__init__.py
.PHONY: python build-python build-python-if install-python uninstall-python
python: deps deps-python
	@$(MAKE) --no-print-directory build-python

build-python: $(PY_DIR)/_pdnkit$(PY_EXT) $(PY_FILES)

# make check and make bench build the module when cffi and Python.h are there (else its
# tests SKIP, saying what is missing)
build-python-if:
	@if $(PYTHON) -c 'import cffi, sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null; \
	then $(MAKE) --no-print-directory build-python; else echo "python: no cffi or Python.h for $(PYTHON): the module is not built"; fi

$(BUILD)/python/_pdnkit.c: python/build_ffi.py
	@mkdir -p $(@D)
	$(PYTHON) python/build_ffi.py $@ >/dev/null

# cffi checks each field python/build_ffi.py declares against the headers by assigning
# pointers: a field of another type than the library's (a pk_bb grown to 128 bits, an array
# resized) is an error here, not memory read wrong at run time
$(PY_DIR)/_pdnkit$(PY_EXT): $(BUILD)/python/_pdnkit.c $(PIC_OBJ)
	@mkdir -p $(@D)
	$(CC) -shared -fPIC -std=c11 -pthread -Werror=incompatible-pointer-types $(OPT) $(CFLAGS) $(SRC_INC) -I$(PY_INC) $< $(PIC_OBJ) $(LDFLAGS) $(LIBS) -o $@

$(PY_DIR)/%.py: python/pdnkit/%.py
	@mkdir -p $(@D)
	cp $< $@

install-python: build-python
	install -d $(DESTDIR)$(PYTHONDIR)/pdnkit
	install -m 644 $(PY_FILES) $(DESTDIR)$(PYTHONDIR)/pdnkit/
	install -m 755 $(PY_DIR)/_pdnkit$(PY_EXT) $(DESTDIR)$(PYTHONDIR)/pdnkit/

uninstall-python:
	rm -f $(DESTDIR)$(PYTHONDIR)/pdnkit/__init__.py $(DESTDIR)$(PYTHONDIR)/pdnkit/_pdnkit$(PY_EXT)
	rm -rf $(DESTDIR)$(PYTHONDIR)/pdnkit/__pycache__
	@rmdir $(DESTDIR)$(PYTHONDIR)/pdnkit 2>/dev/null || true

install: deps
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

clean:
	rm -rf build

# --- hardening: fuzzing, sanitizers, valgrind (README "Hardening") -------------
#   make fuzz            libFuzzer targets tests/fuzz/fuzz_*.c (clang), FUZZ_SECONDS each
#                        (default 60), seeds from pdn/, tests/fuzz/seeds and tests/corpora
#   make check-asan      the whole test suite built with -fsanitize=address,undefined
#   make check-valgrind  the golden CLI tests and the small bad inputs under valgrind memcheck
#   make check-tsan      the threaded code (pool, checking loop, -j tools) under ThreadSanitizer
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_JOBS    ?= 1
FUZZ_TARGETS ?= $(patsubst tests/fuzz/%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
SAN_FLAGS    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.PHONY: fuzz fuzz-build check-asan check-valgrind check-tsan deps-hardening
# clang with its libFuzzer runtime, and valgrind: installed like deps when missing.
deps-hardening_else = echo "deps-hardening: missing$$missing (clang with libFuzzer, valgrind)"; exit 1
deps-hardening: deps
	@missing=""; \
	command -v $(FUZZ_CC) >/dev/null 2>&1 || missing="$$missing clang"; \
	{ command -v $(FUZZ_CC) >/dev/null 2>&1 && \
	  [ -f "$$($(FUZZ_CC) -print-file-name=libclang_rt.fuzzer-x86_64.a)" ]; } || missing="$$missing libclang-rt-dev"; \
	command -v valgrind >/dev/null 2>&1 || missing="$$missing valgrind"; \
	$(call apt_install,deps-hardening,)

# -DPK_MG_NO_FORCED_INLINE (also in check-asan and check-tsan): movegen_int.h's PK_MG_INLINE;
# without the forced inlining clang cannot unroll the generator's direction loops, which
# -Wpass-failed reports (the same code, only not unrolled).
fuzz: deps-hardening corpora
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=$(FUZZ_CC) OPT="-O1 -g" \
	  CFLAGS="$(SAN_FLAGS) -fsanitize=fuzzer-no-link -DPK_MG_NO_FORCED_INLINE -Wno-pass-failed" fuzz-build
	@BUILD=build/fuzz CORPORA=$(CORPORA) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) \
	  sh tests/fuzz/run.sh $(FUZZ_TARGETS)

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzzers/%)

$(BUILD)/fuzzers/%: tests/fuzz/%.c $(CLI_LIB) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) -fsanitize=fuzzer $(DEPFLAGS) $< $(CLI_LIB) $(LIB) $(LIBS) -o $@

check-asan: deps-hardening deps-check corpora
	@$(MAKE) --no-print-directory BUILD=build/asan OPT="-O1 -g" CFLAGS="$(SAN_FLAGS) -DPK_MG_NO_FORCED_INLINE" build-tests
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  PK_SANITIZED=1 BUILD=build/asan CORPORA=$(CORPORA) sh tests/run-all.sh $(ASAN_GROUPS)

# CI's budget (30 minutes): check-asan runs the unit programs, the golden cases and the
# corpus scripts (the bad inputs among them); make check-asan ASAN_GROUPS="unit golden
# corpus install" adds the install tests (packaging, not memory: 7 minutes under ASan).
ASAN_GROUPS ?= unit golden corpus

# VALGRIND_EVERY=N: one golden case in N (CI: 3, its 30 minutes; by hand every case)
VALGRIND_EVERY ?= 1
check-valgrind: deps-hardening
	@$(MAKE) --no-print-directory build-tests corpora
	@PK_VG_EVERY=$(VALGRIND_EVERY) BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/fuzz/valgrind.sh

check-tsan: deps corpora
	@$(MAKE) --no-print-directory BUILD=build/tsan OPT="-O1 -g" CFLAGS="-fsanitize=thread -DPK_MG_NO_FORCED_INLINE" build-tests
	@BUILD=build/tsan CORPORA=$(CORPORA) sh tests/tsan.sh

# The tests fail when the code is wrong: one-line sabotages of the library (the issue's examples:
# the result written as *, a move dropped, an escape removed, the choice rule off in the matcher,
# a draw rule that never fires), each built in a scratch copy ($(BUILD)/sabotage) and tested;
# every one must turn a test red (tests/sabotage.sh; about ten minutes, not part of make check).
.PHONY: check-sabotage
check-sabotage: deps corpora
	@BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/sabotage.sh

# --- coverage (README "Tests and benchmarks") --------------------------------------
#   make coverage   the library, tools and tests built with gcov instrumentation (-O0) in
#                   build/coverage, make check's tests run there, then line and function
#                   coverage of the library (src/LAYER/*.c) per file and in total, the public
#                   functions no test called (tests/coverage.sh), and an HTML report in
#                   build/coverage/html. It fails when a test failed (after the report).
# lcov (genhtml) is Debian's lcov package, installed like deps; gcov comes with gcc.
COV_FLAGS := --coverage -fprofile-update=atomic
.PHONY: coverage deps-coverage
deps-coverage_else = echo "deps-coverage: missing$$missing (Debian/Ubuntu: apt-get install$$missing)"; exit 1
deps-coverage:
	@missing=""; \
	{ command -v lcov >/dev/null 2>&1 && command -v genhtml >/dev/null 2>&1; } || missing=" lcov"; \
	$(call apt_install,deps-coverage,--no-install-recommends)

coverage: deps deps-check deps-coverage corpora
	@$(MAKE) --no-print-directory BUILD=build/coverage OPT="-O0 -g" CFLAGS="$(COV_FLAGS)" build-tests
	@find build/coverage -name '*.gcda' -delete
	@st=0; PK_COVERAGE=1 BUILD=build/coverage CORPORA=$(CORPORA) sh tests/run-all.sh || st=$$?; \
	  sh tests/coverage.sh build/coverage || st=1; exit $$st

# --- other compilers and C libraries (README "Portability") -------------------------
#   make check-clang   everything built by clang with warnings as errors; unit and golden tests
#   make check-musl    everything built with musl-gcc (Debian musl-tools), linked statically,
#                      warnings as errors; unit and golden tests on those binaries (the corpus
#                      scripts add nothing musl-specific and took CI 2 minutes)
# What the library needs beyond ISO C11 is listed in src/base/pk_port.h (tests/install/port.sh).
MUSL_CC ?= musl-gcc
.PHONY: check-clang check-musl deps-musl
check-clang: deps-hardening corpora
	@$(MAKE) --no-print-directory BUILD=build/clang CC=clang WERROR=1 build-tests
	@BUILD=build/clang CORPORA=$(CORPORA) sh tests/run-all.sh unit golden

deps-musl_else = echo "deps-musl: missing $(MUSL_CC) (Debian/Ubuntu: apt-get install$$missing)"; exit 1
deps-musl:
	@missing=""; \
	command -v $(MUSL_CC) >/dev/null 2>&1 || missing=" musl-tools"; \
	$(call apt_install,deps-musl,--no-install-recommends)

# The system's static libraries (PCRE2, zlib, ... and CUnit) are glibc builds; musl-gcc links
# them with tests/musl/fortify.c, which forwards the two glibc-only functions they call.
check-musl: deps deps-check deps-musl corpora
	@sh tests/musl/sysroot.sh build/musl/sys
	@$(MAKE) --no-print-directory BUILD=build/musl CC=$(MUSL_CC) WERROR=1 \
	  LDFLAGS="-static -L$(abspath build/musl/sys/lib)" CFLAGS="-isystem $(abspath build/musl/sys/include)" \
	  LINK_EXTRA=build/musl/fortify.o build-tests
	@BUILD=build/musl CORPORA=$(CORPORA) sh tests/run-all.sh unit golden

$(BUILD)/fortify.o: tests/musl/fortify.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# --- release ---------------------------------------------------------------------------
#   make dist        pdnkit-$(VERSION).tar.gz: every tracked file of HEAD (git archive), nothing
#                    built; VERSION is PDNKIT_VERSION_MAJOR/MINOR/PATCH in include/pdnkit/pk_common.h, the one place it is written
#   make distcheck   the tarball unpacked into an empty temporary folder: make run, make check
#                    (unit and install tests: the golden and corpus tests read the same tracked
#                    files make check already ran them on), make install and uninstall there
#                    (tests/distcheck.sh)
DIST_NAME := pdnkit-$(VERSION)
.PHONY: dist distcheck
dist:
	@git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "dist: needs a git checkout (the tarball is HEAD's tracked files)"; exit 2; }
	@# the tarball is HEAD, its name the working tree's version: the two must be the same
	@[ -z "$$(git status --porcelain --untracked-files=no)" ] || \
	  { echo "dist: the tree has uncommitted changes: commit them first (the tarball is made from HEAD)"; exit 2; }
	git archive --format=tar --prefix=$(DIST_NAME)/ HEAD | gzip -9n >$(DIST_NAME).tar.gz
	@echo "dist: wrote $(DIST_NAME).tar.gz ($$(wc -c <$(DIST_NAME).tar.gz) bytes)"

distcheck: dist
	@sh tests/distcheck.sh $(DIST_NAME).tar.gz
