# mk/portability.mk -- the other compiler and C library (tests/README.md, "Install, library
# and portability"). CI runs both.
#   make check-clang   everything built by clang with warnings as errors; unit and golden tests
#   make check-musl    everything built with musl-gcc (Debian musl-tools: make deps-musl),
#                      linked statically, warnings as errors; unit and golden tests on those
#                      binaries (tests/scripts/ adds nothing musl-specific and took CI 2 minutes)
# What the library needs beyond ISO C11 is listed in src/base/pk_port.h (tests/install/port.sh).
.PHONY: check-clang check-musl
check-clang: need-deps need-hardening corpora
	@$(MAKE) --no-print-directory BUILD=build/clang CC=clang WERROR=1 build-tests
	@BUILD=build/clang CORPORA=$(CORPORA) sh tests/run-all.sh unit golden

# The system's static libraries (PCRE2, zlib, ... and CUnit) are glibc builds; musl-gcc links
# them with tests/musl/fortify.c, which forwards the two glibc-only functions they call.
check-musl: need-deps need-check need-musl corpora
	@sh tests/musl/sysroot.sh build/musl/sys
	@$(MAKE) --no-print-directory BUILD=build/musl CC=$(MUSL_CC) WERROR=1 \
	  LDFLAGS="-static -L$(abspath build/musl/sys/lib)" CFLAGS="-isystem $(abspath build/musl/sys/include)" \
	  LINK_EXTRA=build/musl/fortify.o build-tests
	@BUILD=build/musl CORPORA=$(CORPORA) sh tests/run-all.sh unit golden

$(BUILD)/fortify.o: tests/musl/fortify.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@
