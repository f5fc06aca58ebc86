# mk/python.mk -- the Python module (doc/guide.md, "The Python analyst"; src/README.md,
# "The Python module"; python/).
#   make python     $(BUILD)/python/pdnkit: pdnkit/__init__.py and the cffi extension
#                   _pdnkit (API mode), linked with the library's -fPIC objects, so that it
#                   needs no libpdnkit.so at run time. python/build_ffi.py writes its C;
#                   the compiler here builds it (no setuptools, nothing fetched).
#   make wheel      the package's wheel (python/pyproject.toml) into $(WHEEL_DIR) (build/),
#                   with the system's setuptools, wheel and cffi, no build isolation (pip
#                   fetches nothing): pip install build/pdnkit-*.whl installs, lists and
#                   uninstalls it. PYTHON=pypy3 builds PyPy's.
#   make check-wheel    tests/install/wheel.sh: the wheel installed in a fresh venv, the
#                   Python tests run against that copy, mypy --strict (also in make check)
#   make check-mypy     tests/python-mypy.sh: mypy --strict on the package (python/pdnkit)
#                   and on the Python examples of README.md and doc/guide.md
#   make check-pypy     the module built for pypy3 (make python PYTHON=pypy3), its wheel
#                   installed and the Python tests run with PyPy (CI)
# What it needs (python3 headers, cffi, pytest, dask.distributed; setuptools, wheel, pip,
# mypy for the wheel): mk/deps.sh, part python.
PY_EXT    = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))' 2>/dev/null)
PY_INC    = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null)
PY_VER    = $(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)
# where `make install` puts the package: the folder Debian's python3 reads for PREFIX
PYTHONDIR ?= $(if $(filter /usr,$(PREFIX)),/usr/lib/python3/dist-packages,$(PREFIX)/lib/python$(PY_VER)/dist-packages)
PY_DIR    := $(BUILD)/python/pdnkit
PY_FILES  := $(patsubst python/pdnkit/%,$(PY_DIR)/%,$(wildcard python/pdnkit/*.py python/pdnkit/*.pyi)) $(PY_DIR)/py.typed
WHEEL_DIR ?= $(BUILD)
.PHONY: python build-python build-python-if install-python uninstall-python wheel check-wheel check-mypy check-pypy
python: need-deps need-python
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

$(PY_DIR)/%.pyi: python/pdnkit/%.pyi
	@mkdir -p $(@D)
	cp $< $@

$(PY_DIR)/py.typed: python/pdnkit/py.typed
	@mkdir -p $(@D)
	cp $< $@

# The wheel: python/setup.py compiles python/build_ffi.py's glue with the library's -fPIC
# objects made here (PDNKIT_OBJECTS); setuptools works in $(BUILD)/wheel-$(PY_TAG), not in
# python/. No index is asked: the build needs are the system's (mk/deps.sh, part python).
PY_TAG = $(shell $(PYTHON) -c 'import sys; print(sys.implementation.cache_tag)' 2>/dev/null)
wheel: need-deps need-python
	@$(MAKE) --no-print-directory $(PIC_OBJ)
	@rm -rf $(BUILD)/wheel-$(PY_TAG) && mkdir -p $(WHEEL_DIR)
	cd python && PDNKIT_OBJECTS="$(abspath $(PIC_OBJ))" PDNKIT_BUILD_BASE="$(abspath $(BUILD)/wheel-$(PY_TAG))" \
	  $(PYTHON) -m pip wheel -q --no-build-isolation --no-deps --no-index -w "$(abspath $(WHEEL_DIR))" .
	@ls -1 $(WHEEL_DIR)/pdnkit-$(VERSION)-*.whl

check-wheel: need-deps need-python corpora
	@$(MAKE) --no-print-directory build-tools
	@PYTHON=$(PYTHON) BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/install/wheel.sh

check-mypy: need-deps need-python
	@PYTHON=$(PYTHON) sh tests/python-mypy.sh

# PyPy (Debian pypy3, pypy3-dev: mk/deps.sh, part python with PYTHON=pypy3): the module
# built in $(BUILD)/python beside CPython's (its own EXT_SUFFIX), then its wheel installed
# and tested as make check tests CPython's (tests/install/wheel.sh)
check-pypy: need-deps corpora
	@$(MAKE) --no-print-directory PYTHON=pypy3 python build-tools
	@PYTHON=pypy3 BUILD=$(BUILD) CORPORA=$(CORPORA) sh tests/install/wheel.sh

install-python: build-python
	install -d $(DESTDIR)$(PYTHONDIR)/pdnkit
	install -m 644 $(PY_FILES) $(DESTDIR)$(PYTHONDIR)/pdnkit/
	install -m 755 $(PY_DIR)/_pdnkit$(PY_EXT) $(DESTDIR)$(PYTHONDIR)/pdnkit/

uninstall-python:
	rm -f $(addprefix $(DESTDIR)$(PYTHONDIR)/pdnkit/,$(notdir $(PY_FILES)) _pdnkit$(PY_EXT))
	rm -rf $(DESTDIR)$(PYTHONDIR)/pdnkit/__pycache__
	@rmdir $(DESTDIR)$(PYTHONDIR)/pdnkit 2>/dev/null || true
