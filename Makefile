# pdnkit -- GNU make build.
#
#   make            build the library and the tools (installs missing deps first)
#   make run        build, then run the main job on the bundled games in pdn/
#   make check      build, then run every test (CUnit suites, golden CLI tests, corpus runs)
#   make bench      optimised build (-O3 -march=native), then the benchmarks
#   make perft-deep the deep perft series of PERFT.md (minutes; not in CI)
#   make install    PREFIX=/usr/local DESTDIR=
#
# Library sources are src/*.c, tool mains are src/tools/*.c, unit test programs are
# tests/unit/test_*.c (each one a CUnit program of its own): new files need no edit here.

PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   ?= build
CC      ?= cc
OPT     ?= -O2 -g
CFLAGS  ?=
WERROR  ?=
SHARED  ?= $(abspath ../shared)

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
ALL_CFLAGS   = -std=c11 -D_POSIX_C_SOURCE=200809L -pthread $(OPT) $(WARN) $(CFLAGS) -Isrc $(PCRE_CFLAGS) $(ZIP_CFLAGS)

LIB_SRC   := $(sort $(wildcard src/*.c))
TOOL_SRC  := $(sort $(wildcard src/tools/*.c))
UNIT_SRC  := $(sort $(wildcard tests/unit/test_*.c))
LIB_OBJ   := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
TOOLS     := $(TOOL_SRC:src/tools/%.c=$(BUILD)/bin/%)
UNITS     := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
LIB       := $(BUILD)/libpdnkit.a
MANPAGES  := $(wildcard man/*.1 man/*.5 man/*.7)

.PHONY: all deps run check unit golden corpus bench perft-deep install uninstall clean
.DEFAULT_GOAL := all

all: deps
	@$(MAKE) --no-print-directory build-tools

.PHONY: build-tools build-tests
build-tools: $(TOOLS)
build-tests: $(TOOLS) $(UNITS)

# --- dependencies ------------------------------------------------------------
# Installs what pkg-config cannot find, with apt-get on Debian/Ubuntu when root;
# elsewhere it says what to install and stops.
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
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "deps: installing$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "deps: missing$$missing"; \
	    echo "deps: install them (Debian/Ubuntu: apt-get install$$missing; Fedora: pcre2-devel CUnit-devel pkgconf zlib-devel xz-devel libzstd-devel bzip2-devel bzip2 xz zstd)"; \
	    exit 1; \
	  fi; \
	fi

# The browser render test (tests/browser/): headless Chromium, and python3 to read the PNG
# pixels (zlib of its standard library; no imaging package). Installed like deps when missing.
.PHONY: deps-browser
deps-browser:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "deps-browser: installing$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null || exit 1; \
	  else \
	    echo "deps-browser: missing$$missing (Debian/Ubuntu: apt-get install$$missing)"; exit 1; \
	  fi; \
	fi

# --- build -------------------------------------------------------------------
$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/bin/%: src/tools/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(DEPFLAGS) $< $(LIB) $(LIBS) -o $@

$(BUILD)/tests/%: tests/unit/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CUNIT_CFLAGS) -Itests $(DEPFLAGS) $< $(LIB) $(LIBS) $(CUNIT_LIBS) -o $@

-include $(LIB_OBJ:.o=.d) $(TOOLS:=.d) $(UNITS:=.d)

# --- run and test ------------------------------------------------------------
run: all
	@BUILD=$(BUILD) sh tests/run-main.sh

check: deps
	@$(MAKE) --no-print-directory build-tests
	@BUILD=$(BUILD) SHARED=$(SHARED) sh tests/run-all.sh

unit: deps
	@$(MAKE) --no-print-directory build-tests
	@BUILD=$(BUILD) SHARED=$(SHARED) sh tests/run-all.sh unit

golden: deps
	@$(MAKE) --no-print-directory build-tests
	@BUILD=$(BUILD) SHARED=$(SHARED) sh tests/run-all.sh golden

corpus: deps
	@$(MAKE) --no-print-directory build-tests
	@BUILD=$(BUILD) SHARED=$(SHARED) sh tests/run-all.sh corpus

bench: deps
	@$(MAKE) --no-print-directory BUILD=build/bench OPT="-O3 -march=native -g" build-tools
	@BUILD=build/bench SHARED=$(SHARED) LIBS="$(LIBS)" sh tests/bench.sh

perft-deep: deps
	@$(MAKE) --no-print-directory BUILD=build/bench OPT="-O3 -march=native -g" build-tools
	@BUILD=build/bench sh tests/perft.sh deep

# --- install -----------------------------------------------------------------
install: all
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(TOOLS) $(DESTDIR)$(PREFIX)/bin/
	@for p in $(MANPAGES); do \
	  s=$${p##*.}; install -d $(DESTDIR)$(PREFIX)/share/man/man$$s; \
	  echo install -m 644 $$p $(DESTDIR)$(PREFIX)/share/man/man$$s/; \
	  install -m 644 $$p $(DESTDIR)$(PREFIX)/share/man/man$$s/; \
	done

uninstall:
	@for t in $(TOOLS); do rm -f $(DESTDIR)$(PREFIX)/bin/$${t##*/}; done
	@for p in $(MANPAGES); do s=$${p##*.}; rm -f $(DESTDIR)$(PREFIX)/share/man/man$$s/$${p##*/}; done

clean:
	rm -rf build

# --- hardening: fuzzing, sanitizers, valgrind (README "Hardening") -------------
#   make fuzz            libFuzzer targets tests/fuzz/fuzz_*.c (clang), FUZZ_SECONDS each
#                        (default 60), seeds from pdn/, tests/fuzz/seeds and ../shared/corpora
#   make check-asan      the whole test suite built with -fsanitize=address,undefined
#   make check-valgrind  the golden CLI tests and the small bad inputs under valgrind memcheck
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_JOBS    ?= 1
FUZZ_TARGETS ?= $(patsubst tests/fuzz/%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
SAN_FLAGS    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.PHONY: fuzz fuzz-build check-asan check-valgrind deps-hardening
# clang with its libFuzzer runtime, and valgrind: installed like deps when missing.
deps-hardening: deps
	@missing=""; \
	command -v $(FUZZ_CC) >/dev/null 2>&1 || missing="$$missing clang"; \
	{ command -v $(FUZZ_CC) >/dev/null 2>&1 && \
	  [ -f "$$($(FUZZ_CC) -print-file-name=libclang_rt.fuzzer-x86_64.a)" ]; } || missing="$$missing libclang-rt-dev"; \
	command -v valgrind >/dev/null 2>&1 || missing="$$missing valgrind"; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	    echo "deps-hardening: installing$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "deps-hardening: missing$$missing (clang with libFuzzer, valgrind)"; exit 1; \
	  fi; \
	fi

fuzz: deps-hardening
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=$(FUZZ_CC) OPT="-O1 -g" \
	  CFLAGS="$(SAN_FLAGS) -fsanitize=fuzzer-no-link" fuzz-build
	@BUILD=build/fuzz SHARED=$(SHARED) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) \
	  sh tests/fuzz/run.sh $(FUZZ_TARGETS)

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzzers/%)

$(BUILD)/fuzzers/%: tests/fuzz/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer $(DEPFLAGS) $< $(LIB) $(LIBS) -o $@

check-asan: deps-hardening
	@$(MAKE) --no-print-directory BUILD=build/asan OPT="-O1 -g" CFLAGS="$(SAN_FLAGS)" build-tests
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  PK_SANITIZED=1 BUILD=build/asan SHARED=$(SHARED) sh tests/run-all.sh

check-valgrind: deps-hardening
	@$(MAKE) --no-print-directory build-tests
	@BUILD=$(BUILD) SHARED=$(SHARED) sh tests/fuzz/valgrind.sh
