# mk/deps.mk -- the dependencies: what each part needs is listed once, in mk/deps.sh.
#   make deps, deps-check, deps-python, deps-web, deps-abi, deps-hardening, deps-musl,
#   deps-coverage: install what that part lacks (apt-get, as root on Debian/Ubuntu; elsewhere
#   they name the packages: a required part stops, check and python only warn, their tests
#   SKIP). .ci/run installs them all first, one at a time.
#   need-deps, need-PART: only look, install nothing: they say what is missing and how to
#   get it, and stop (make, make install and the build targets use them).
# make run and make check are the only other targets that install (the README's two commands).
DEPS_PARTS := check python web abi hardening musl coverage windows
DEPS_ENV    = CC="$(CC)" PYTHON="$(PYTHON)" FUZZ_CC="$(FUZZ_CC)" MUSL_CC="$(MUSL_CC)" WEB_DEPS="$(WEB_DEPS)"
.PHONY: deps need-deps $(DEPS_PARTS:%=deps-%) $(DEPS_PARTS:%=need-%) deps-browser deps-parallel

deps:
	@$(DEPS_ENV) sh mk/deps.sh install core
need-deps:
	@$(DEPS_ENV) sh mk/deps.sh check core

$(DEPS_PARTS:%=deps-%): deps-%:
	@$(DEPS_ENV) sh mk/deps.sh install $*
$(DEPS_PARTS:%=need-%): need-%:
	@$(DEPS_ENV) sh mk/deps.sh check $*

# older names of deps-check
deps-browser deps-parallel: deps-check
