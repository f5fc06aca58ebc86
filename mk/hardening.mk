# mk/hardening.mk -- fuzzing, sanitizers, valgrind, sabotage (tests/README.md, "Hardening").
# What they need (clang with libFuzzer, valgrind): mk/deps.sh, part hardening (make deps-hardening).
#   make fuzz            libFuzzer targets tests/fuzz/fuzz_*.c (clang), FUZZ_SECONDS each
#                        (default 60), seeds from pdn/, tests/fuzz/seeds and tests/corpora
#   make check-asan      the whole test suite built with -fsanitize=address,undefined
#   make check-valgrind  the golden CLI tests and the small bad inputs under valgrind memcheck
#   make check-tsan      the threaded code (pool, checking loop, -j tools) under ThreadSanitizer
#   make check-sabotage  one-line sabotages of the library, each must make a test fail
FUZZ_SECONDS ?= 60
FUZZ_JOBS    ?= 1
FUZZ_TARGETS ?= $(patsubst tests/fuzz/%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
SAN_FLAGS    := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.PHONY: fuzz fuzz-build check-asan check-valgrind check-tsan check-sabotage

# -DPK_MG_NO_FORCED_INLINE (also in check-asan and check-tsan): movegen_int.h's PK_MG_INLINE;
# without the forced inlining clang cannot unroll the generator's direction loops, which
# -Wpass-failed reports (the same code, only not unrolled).
fuzz: need-deps need-hardening corpora
	@$(MAKE) --no-print-directory BUILD=build/fuzz CC=$(FUZZ_CC) OPT="-O1 -g" \
	  CFLAGS="$(SAN_FLAGS) -fsanitize=fuzzer-no-link -DPK_MG_NO_FORCED_INLINE -Wno-pass-failed" fuzz-build
	@BUILD=build/fuzz CORPORA=$(CORPORA) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) \
	  sh tests/fuzz/run.sh $(FUZZ_TARGETS)

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzzers/%)

$(BUILD)/fuzzers/%: tests/fuzz/%.c $(CLI_LIB) $(LIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) -fsanitize=fuzzer $(DEPFLAGS) $< $(CLI_LIB) $(LIB) $(LIBS) -o $@

check-asan: need-deps need-hardening need-check corpora
	@$(MAKE) --no-print-directory BUILD=build/asan OPT="-O1 -g" CFLAGS="$(SAN_FLAGS) -DPK_MG_NO_FORCED_INLINE" build-tests
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  PK_SANITIZED=1 BUILD=build/asan CORPORA=$(CORPORA) sh tests/run-all.sh $(ASAN_GROUPS)

# CI's budget (30 minutes): check-asan runs the unit programs, the golden cases and the
# tests/scripts/ scripts (the bad inputs among them); make check-asan ASAN_GROUPS="unit
# golden scripts install" adds the install tests (packaging, not memory: 7 minutes under ASan).
ASAN_GROUPS ?= unit golden scripts

# VALGRIND_EVERY=N: one golden case in N (CI: 3, its 30 minutes; by hand every case)
VALGRIND_EVERY ?= 1
check-valgrind: need-deps need-hardening
	@$(MAKE) --no-print-directory build-tests corpora
	@PK_VG_EVERY=$(VALGRIND_EVERY) BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/fuzz/valgrind.sh

check-tsan: need-deps corpora
	@$(MAKE) --no-print-directory BUILD=build/tsan OPT="-O1 -g" CFLAGS="-fsanitize=thread -DPK_MG_NO_FORCED_INLINE" build-tests
	@BUILD=build/tsan CORPORA=$(CORPORA) sh tests/tsan.sh

# The tests fail when the code is wrong: one-line sabotages of the library (the issue's examples:
# the result written as *, a move dropped, an escape removed, the choice rule off in the matcher,
# a draw rule that never fires), each built in a scratch copy ($(BUILD)/sabotage) and tested;
# every one must turn a test red (tests/sabotage.sh; about ten minutes, not part of make check).
check-sabotage: need-deps corpora
	@BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/sabotage.sh
