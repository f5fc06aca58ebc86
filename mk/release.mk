# mk/release.mk -- the release tarball.
#   make dist        pdnkit-$(VERSION).tar.gz: every tracked file of HEAD (git archive), nothing
#                    built; VERSION is PDNKIT_VERSION_MAJOR/MINOR/PATCH in include/pdnkit/pk_common.h, the one place it is written
#   make distcheck   the tarball unpacked into an empty temporary folder: make run, make check
#                    (unit and install tests: the golden tests and tests/scripts/ read the same tracked
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
