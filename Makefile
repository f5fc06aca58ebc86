# pdnkit -- GNU make build. The top targets are here; the rules, by concern, in mk/*.mk and
# web/web.mk (the page's build, beside the page's sources).
#
#   make            build the library and the tools; installs nothing: when a dependency is
#                   missing it says which and stops (make deps installs them, as root)
#   make run        installs what is missing (mk/deps.sh), builds, runs the main job on pdn/
#   make check      installs what is missing, builds, runs every test (tests/README.md)
#   make deps       the build's packages, with apt-get as root (make deps-PART: check python
#                   web abi hardening musl coverage; mk/deps.sh lists what each part needs)
#   make lib        libpdnkit.a and the shared libpdnkit.so                 (mk/library.mk)
#   make install    PREFIX=/usr/local DESTDIR= (make uninstall undoes it)   (mk/install.mk)
#   make python     the Python module in $(BUILD)/python                    (mk/python.mk)
#   make web        the arbiter's page, build/web/pdnkit.html               (web/web.mk)
#   make unit, golden, scripts, check-jobs, bench, perft-deep, coverage (mk/tests.mk)
#   make check-clang, check-musl: the other compiler and C library      (mk/portability.mk)
#   make fuzz, check-asan, check-valgrind, check-tsan, check-sabotage     (mk/hardening.mk)
#   make check-abi, check-abi-sabotage, abi-dump                                (mk/abi.mk)
#   make dist, distcheck                                                    (mk/release.mk)
#
# Library sources are src/LAYER/*.c, one folder per layer (LAYERS, lowest first;
# src/README.md), the tools' shared code is src/cli/*.c (an archive of its own, CLI_LIB),
# tool mains src/tools/*.c, unit test programs tests/unit/test_*.c (each a CUnit program),
# programs the test scripts run tests/scripts/*.c: new files need no edit here.

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
# Debian's interpreter, the one the python3-* packages serve (mk/python.mk)
PYTHON  ?= $(shell [ -x /usr/bin/python3 ] && echo /usr/bin/python3 || command -v python3)
FUZZ_CC ?= clang
MUSL_CC ?= musl-gcc

.DEFAULT_GOAL := all
.PHONY: all run check clean FORCE
FORCE:

include mk/deps.mk
include mk/library.mk
include mk/tools.mk
include mk/nls.mk
include mk/install.mk
include mk/python.mk
include web/web.mk
include mk/tests.mk
include mk/hardening.mk
include mk/portability.mk
include mk/windows.mk
include mk/abi.mk
include mk/release.mk

# make and make all only look for the dependencies (need-deps: says what is missing, stops)
all: need-deps
	@$(MAKE) --no-print-directory build-tools

# the README's two commands install what is missing first (deps targets: mk/deps.mk)
run: deps
	@$(MAKE) --no-print-directory build-tools
	@BUILD=$(BUILD) sh tests/run-main.sh

# CHECK_GROUPS: the groups of tests/run-all.sh to run (default all four); the page and the
# Python module are built only when the scripts group (whose scripts test them) runs.
CHECK_GROUPS ?= unit golden scripts install
# The install tests (lib.sh, ctypes.sh) each run a make install of their own (one after
# the other, after the rest: tests/run-all.sh): the shared library is built here, in the
# make that has the jobserver, so that their makes find it made.
INSTALL_BUILT = $(BUILD)/libpdnkit.so
CHECK_SCRIPTS = $(filter scripts corpus,$(CHECK_GROUPS))
check: deps deps-check deps-python
	@$(MAKE) --no-print-directory WEB_DEPS_MODE=install build-tests corpora $(if $(CHECK_SCRIPTS),web-if-possible) \
	  $(if $(filter install,$(CHECK_GROUPS)),$(INSTALL_BUILT))
	@$(if $(CHECK_SCRIPTS),$(MAKE) --no-print-directory build-python-if,:)
	@PYTHON=$(PYTHON) BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/run-all.sh $(CHECK_GROUPS)

clean:
	rm -rf build
