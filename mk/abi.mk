# mk/abi.mk -- the ABI check (src/README.md, "Library and ABI"). What it needs (abi-dumper,
# abi-compliance-checker, elfutils): mk/deps.sh, part abi (make deps-abi).
#   make check-abi  libpdnkit.so built as released with debug info (-g -Og -DNDEBUG, in build/abi), dumped by
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
check-abi: need-deps need-abi
	@$(MAKE) --no-print-directory abi-build
	@sh tests/abi/check.sh $(ABI_BUILD) $(VERSION)

abi-dump: need-deps need-abi
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
	  BUILD=$(ABI_BUILD) OPT="-g -Og -DNDEBUG" CFLAGS="$(CFLAGS) -fdebug-prefix-map=$(CURDIR)=." $(ABI_BUILD)/libpdnkit.so
	@rm -rf $(ABI_BUILD)/include && mkdir -p $(ABI_BUILD)/include/pdnkit && cp $(PUBLIC_HEADER_FILES) $(ABI_BUILD)/include/pdnkit/
