# mk/tests.mk -- the test programs and the test targets (tests/README.md). make check itself
# is in the Makefile; these only look for their dependencies (need-*), never install them.
#   make build-tests the tools, the CUnit programs ($(BUILD)/tests) and the helpers the
#                    test scripts run ($(BUILD)/tests/helpers)
#   make corpora     tests/corpora (large files stored as .zst) unpacked into $(BUILD)/corpora
#   make unit, make golden, make scripts: one group of tests/run-all.sh each (tests/unit/,
#                    tests/golden/, tests/scripts/; make corpus is the old name of make scripts)
#   make check-jobs  pdnfen and pdnconv at -j 2 against -j 1 on every corpus file, every mode
#   make bench       optimised build (-O3 -march=native), then the benchmarks (tests/README.md, "Benchmarks")
#                    (MOBYDAM=DIR: also pdnperft against Moby Dam built from DIR)
#   make perft-deep  the deep perft series of doc/PERFT.md (minutes; not in CI; tests/README.md, "Perft")
#   make coverage    make check's tests on a gcov build: line and function coverage of the library
UNIT_SRC  := $(sort $(wildcard tests/unit/test_*.c))
HELP_SRC  := $(sort $(wildcard tests/scripts/*.c))
UNITS     := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
HELPERS   := $(HELP_SRC:tests/scripts/%.c=$(BUILD)/tests/helpers/%)
CORPORA    = $(abspath $(BUILD)/corpora)

.PHONY: build-tests corpora unit golden scripts corpus check-jobs bench perft-deep coverage
build-tests: $(TOOLS) $(UNITS) $(HELPERS)

# programs the test scripts run (tests/scripts/*.c): the library's view of a file
$(BUILD)/tests/helpers/%: tests/scripts/%.c $(CLI_LIB) $(LIB) $(LINK_EXTRA)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) $(DEPFLAGS) $< $(CLI_LIB) $(LIB) $(LINK_EXTRA) $(LDFLAGS) $(LIBS) -o $@

$(BUILD)/tests/%: tests/unit/%.c $(CLI_LIB) $(LIB) $(LINK_EXTRA)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) $(CUNIT_CFLAGS) -Itests $(DEPFLAGS) $< $(CLI_LIB) $(LIB) $(LINK_EXTRA) $(LDFLAGS) $(LIBS) $(CUNIT_LIBS) -o $@

-include $(UNITS:=.d) $(HELPERS:=.d)

corpora:
	@sh tests/unpack-corpora.sh $(BUILD)/corpora

unit: need-deps
	@$(MAKE) --no-print-directory build-tests corpora
	@BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/run-all.sh unit

golden: need-deps
	@$(MAKE) --no-print-directory build-tests corpora
	@BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/run-all.sh golden

scripts: need-deps need-check need-python
	@$(MAKE) --no-print-directory build-tests corpora web-if-possible
	@$(MAKE) --no-print-directory build-python-if
	@PYTHON=$(PYTHON) BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/run-all.sh scripts
corpus: scripts

# pdnfen and pdnconv at -j 2 against -j 1 on every corpus file in every mode (make check
# compares the files under 1 MB; the JSON of OCA alone is 200 MB): for CI and by hand
check-jobs: need-deps corpora
	@$(MAKE) --no-print-directory build-tests
	@JOBS_ALL=1 BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/scripts/jobs-same-output-tools.sh

bench: need-deps need-python corpora
	@$(MAKE) --no-print-directory BUILD=build/bench OPT="-O3 -march=native -g -DNDEBUG" build-tools build-python-if
	@$(MAKE) --no-print-directory web-if-possible
	@PYTHON=$(PYTHON) BUILD=build/bench CORPORA=$(CORPORA) LIBS="$(LIBS)" MOBYDAM="$(MOBYDAM)" WEB_PAGE=$(WEB)/pdnkit.html sh tests/bench/run.sh

perft-deep: need-deps
	@$(MAKE) --no-print-directory BUILD=build/bench OPT="-O3 -march=native -g -DNDEBUG" build-tools
	@BUILD=build/bench sh tests/perft.sh deep
	@BUILD=build/bench sh tests/perft/cross-check.sh 8

# make coverage: the library, tools and tests built with gcov instrumentation (-O0) in
# build/coverage, make check's tests run there, then line and function coverage of the
# library (src/LAYER/*.c) per file and in total, the public functions no test called
# (tests/coverage.sh), and an HTML report in build/coverage/html. It fails when a test
# failed (after the report). lcov (genhtml): mk/deps.sh, part coverage; gcov comes with gcc.
COV_FLAGS := --coverage -fprofile-update=atomic
coverage: need-deps need-check need-coverage corpora
	@$(MAKE) --no-print-directory BUILD=build/coverage OPT="-O0 -g" CFLAGS="$(COV_FLAGS)" build-tests
	@find build/coverage -name '*.gcda' -delete
	@st=0; PK_COVERAGE=1 BUILD=build/coverage CORPORA=$(CORPORA) sh tests/run-all.sh || st=$$?; \
	  sh tests/coverage.sh build/coverage || st=1; exit $$st
