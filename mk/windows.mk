# mk/windows.mk -- pdnkit for Windows, cross-built with Debian's mingw-w64 and tested under
# wine64 (issue 35; README.md, "Windows"; make deps-windows installs both).
#   make windows          build/win: libpdnkit.a, libpdnkit-1.dll with its import library
#                         libpdnkit.dll.a, and the seven tools as .exe (static: no DLL needed)
#   make check-windows    the golden tests, the bad-input suite and a corpus run with the .exe
#                         tools under wine64, their outputs against the Linux tools' (tests/windows/)
#   make dist-windows     build/pdnkit-VERSION-win64.zip (win/dist.sh)
# PCRE2 (with its JIT), zlib, bzip2, liblzma and libzstd are compiled for Windows from the
# Debian source packages the page uses (web/deps.sh, into $(WEB_DEPS)) by the page's own
# script, web/build-3p.sh, into build/win/3p. The library's Windows side is
# src/base/port_win.[ch] (pk_port.h); the tools' is win/compat/ and win/win-main.c.
WIN      := build/win
WIN_CC   ?= x86_64-w64-mingw32-gcc-posix
WIN_AR   ?= x86_64-w64-mingw32-ar
WIN_RC   ?= x86_64-w64-mingw32-windres
WINE     ?= wine
WIN_3P   := $(WIN)/3p
# mingw's C99 printf (%zu, %lld as glibc writes them) and 64-bit file offsets; the format
# attributes say printf, which means msvcrt's to mingw's gcc: -Wno-format (the Linux
# builds check the formats). pk_port.h comes first in every file: its Windows side renames
# types (dev_t, ino_t: 64-bit file ids) and calls (fclose, stat) that every file must see the same.
# NLS=0: mingw has no libintl, so the Windows tools speak English (README.md, "Windows")
WIN_CFLAGS := -D__USE_MINGW_ANSI_STDIO=1 -D_FILE_OFFSET_BITS=64 -Wno-format -include pk_port.h
WIN_LIBS    = -L$(abspath $(WIN_3P)) -lpcre2 -lz -lbz2 -llzma -lzstd -lm
WIN_MAKE    = $(MAKE) --no-print-directory BUILD=$(WIN) CC=$(WIN_CC) AR=$(WIN_AR) WERROR= NLS=0 \
  CFLAGS="$(WIN_CFLAGS)" PCRE_CFLAGS="-I$(abspath $(WIN_3P))/include -DPCRE2_STATIC" ZIP_CFLAGS= \
  LIBS="$(WIN_LIBS)" CUNIT_CFLAGS= CUNIT_LIBS=
WIN_TOOLS   = $(TOOL_NAMES:%=$(WIN)/bin/%.exe)
.PHONY: windows check-windows dist-windows win-3p

$(WIN_3P)/.built: web/build-3p.sh web/xz-config.h $(wildcard $(WEB_DEPS)/*/.unpacked)
	@echo "build-3p: PCRE2, zlib, bzip2, liblzma, libzstd for Windows into $(WIN_3P)"
	@EMCC="$(WIN_CC)" EMAR="$(WIN_AR)" WEB_OPT="-O2" PCRE2_JIT=1 sh web/build-3p.sh $(WEB_DEPS) $(WIN_3P)
	@touch $@

windows: need-windows
	@$(MAKE) --no-print-directory $(WIN_3P)/.built
	@$(WIN_MAKE) win-build

# (inside $(WIN_MAKE): BUILD is $(WIN), CC mingw's)
.PHONY: win-build
win-build: $(LIB) $(BUILD)/libpdnkit-1.dll $(TOOL_NAMES:%=$(BUILD)/bin/%.exe)

# The DLL exports what PK_API marks (dllexport under PK_BUILD_DLL: pk_common.h); its objects
# are compiled apart from the static library's.
WIN_DLL_OBJ = $(LIB_SRC:src/%.c=$(BUILD)/dll/%.o)
$(BUILD)/dll/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -DPK_BUILD_DLL $(DEPFLAGS) -c $< -o $@

$(BUILD)/libpdnkit-1.dll: $(WIN_DLL_OBJ)
	$(CC) -shared $(OPT) $(CFLAGS) $(WIN_DLL_OBJ) -Wl,--out-implib,$(BUILD)/libpdnkit.dll.a \
	  $(LIBS) -static -pthread -o $@

# The tools: linked statically (libgcc and winpthreads too: the .exe needs no DLL beside it),
# stdio in binary mode (binmode.o: LF out, as on Linux), with the UTF-8 manifest and the
# Windows main (win/win-main.c: wmain, -municode: the wide arguments without shell32;
# wildcards, colours); win/compat/ has what mingw lacks.
$(BUILD)/win-main.o: win/win-main.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) $(DEPFLAGS) -c $< -o $@
$(BUILD)/manifest.o: win/pdnkit.rc win/utf8.manifest
	@mkdir -p $(@D)
	$(WIN_RC) -I win win/pdnkit.rc -O coff -o $@

$(BUILD)/bin/%.exe: src/tools/%.c $(CLI_LIB) $(LIB) $(BUILD)/win-main.o $(BUILD)/manifest.o
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) -Iwin/compat $(DEPFLAGS) -Dmain=pk_tool_main $< $(BUILD)/win-main.o \
	  $(BUILD)/manifest.o $(CLI_LIB) $(LIB) $(LIBS) -static -pthread -municode \
	  $(shell $(CC) -print-file-name=binmode.o) -o $@

-include $(WIN_DLL_OBJ:.o=.d)

# make check-windows: the Linux tools beside the Windows ones (tests/windows/check.sh)
check-windows: windows need-deps corpora
	@$(MAKE) --no-print-directory build-tools
	@WIN=$(WIN) BUILD=$(BUILD) CORPORA=$(CORPORA) WINE=$(WINE) sh tests/windows/check.sh

WIN_ZIP = $(BUILD)/pdnkit-$(VERSION)-win64.zip
dist-windows: windows
	@sh win/dist.sh $(VERSION) $(WIN) $(WEB_DEPS) $(WIN_ZIP)
	@WINE=$(WINE) sh tests/windows/dist.sh $(WIN_ZIP)
