# mk/library.mk -- libpdnkit: compiler flags, the library's objects, libpdnkit.a, the shared
# libpdnkit.so and pdnkit.pc.
#   make lib        libpdnkit.a and the shared libpdnkit.so.$(VERSION) (soname libpdnkit.so.$(SOMAJOR))

PKGS      := libpcre2-8
TEST_PKGS := cunit
# compressed input (doc/guide.md, "Building and installing"): zlib, liblzma, libzstd have .pc files; libbz2 often has
# none (Debian), so it is found by its header and linked as -lbz2 (mk/deps.sh, part core)
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
# The library's layers, lowest first: src/LAYER/ each (tests/install/layers.sh checks that
# no file uses one of a higher layer). Headers are included as "x.h": one -I per folder,
# include/pdnkit/ (the installed headers, nothing else) first.
LAYERS       := base engine pdn judge report batch
SRC_INC      := -Iinclude/pdnkit -Isrc $(addprefix -Isrc/,$(LAYERS))
ALL_CFLAGS   = -std=c11 -D_POSIX_C_SOURCE=200809L -pthread $(OPT) $(WARN) $(CFLAGS) $(SRC_INC) $(PCRE_CFLAGS) $(ZIP_CFLAGS)

LIB_SRC   := $(sort $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c)))
LIB_OBJ   := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
LIB       := $(BUILD)/libpdnkit.a

VERSION   := $(shell sed -n 's/^\#define PDNKIT_VERSION_\(MAJOR\|MINOR\|PATCH\) *\([0-9][0-9]*\)$$/\2/p' include/pdnkit/pk_common.h | paste -sd.)
SOMAJOR   := $(firstword $(subst ., ,$(VERSION)))
SONAME    := libpdnkit.so.$(SOMAJOR)
SOLIB     := $(BUILD)/libpdnkit.so.$(VERSION)
PIC_OBJ   := $(LIB_SRC:src/%.c=$(BUILD)/pic/%.o)
# The public headers are include/pdnkit/*.h, installed as they are (a new one: put it
# there); every header under src/ stays private, and no public header may include one
# (tests/install/headers.sh). Headers include each other as "x.h", which resolves inside
# include/pdnkit/ once installed too.
PUBLIC_HEADER_FILES := $(sort $(wildcard include/pdnkit/*.h))
PUBLIC_HEADERS := $(notdir $(PUBLIC_HEADER_FILES))

.PHONY: lib
lib: need-deps
	@$(MAKE) --no-print-directory $(LIB) $(BUILD)/libpdnkit.so

# The library's objects hide every symbol that its public headers do not mark PK_API
# (pk_common.h): a symbol of a file's own stays the file's, even in libpdnkit.so.
LIB_VIS := -fvisibility=hidden
$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LIB_VIS) $(DEPFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

# The shared library is built from -fPIC objects of its own ($(BUILD)/pic/) so that the
# static library and the tools keep their non-PIC code.
$(BUILD)/pic/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LIB_VIS) -fPIC $(DEPFLAGS) -c $< -o $@

# The shared library exports what the public headers mark PK_API and nothing else: the
# objects are compiled with -fvisibility=hidden (LIB_VIS), so the export list is the PK_API
# declarations, made by the compiler, with no list to keep beside them (the lexer, the
# arena and the byte source stay internal, as their headers do). tests/install/lib.sh
# checks the result both ways: every exported symbol declared PK_API by an installed
# header, every function an installed header declares exported.
$(SOLIB): $(PIC_OBJ)
	$(CC) -shared -Wl,-soname,$(SONAME) $(OPT) $(CFLAGS) \
	  $(PIC_OBJ) $(PCRE_LIBS) $(ZIP_LIBS) -lpthread -lm -o $@

$(BUILD)/libpdnkit.so: $(SOLIB)
	ln -sf $(notdir $(SOLIB)) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $@

# pdnkit.pc: the libraries of the static library's dependencies, by their .pc files where
# they have one (PKGS; ZIP_PKGS when compressed input is built in), else as -l flags (libbz2
# has no .pc on Debian). It says ${prefix}/lib rather than $(PREFIX)/lib, so that
# pkg-config --define-prefix works.
PC_REQUIRES = $(PKGS) $(ZIP_PKGS)
PC_LIBS     = $(filter -lbz2,$(ZIP_LIBS)) -lpthread -lm
pc_rel = $(patsubst $(PREFIX)/%,$${prefix}/%,$(1))
# (FORCE: PREFIX may differ from the last make's; written to a file of the shell's own and
# renamed, so that no make or reader ever sees half of one)
$(BUILD)/pdnkit.pc: pdnkit.pc.in include/pdnkit/pk_common.h FORCE
	@mkdir -p $(@D)
	@sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(call pc_rel,$(LIBDIR))|' \
	  -e 's|@INCLUDEDIR@|$(call pc_rel,$(INCLUDEDIR))|' \
	  -e 's|@VERSION@|$(VERSION)|; s|@REQUIRES@|$(strip $(PC_REQUIRES))|; s|@LIBS@|$(strip $(PC_LIBS))|' \
	  pdnkit.pc.in >$@.$$$$ && mv -f $@.$$$$ $@

-include $(LIB_OBJ:.o=.d) $(PIC_OBJ:.o=.d)
