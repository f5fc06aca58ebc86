# mk/tools.mk -- the seven tools: the tools' shared code (src/cli/, an archive of its own),
# their mains (src/tools/*.c) and the bash completion.
#   make build-tools   the tools in $(BUILD)/bin (what make builds once the deps are there)

# The tools' own code (option parsing, -o, --color, the inputs walk, pdngrep's search and
# filter): src/cli/, compiled into a helper archive of its own that the tools, the test
# programs and the page link, never installed and never part of libpdnkit. Only what links
# it sees its headers (CLI_INC): a library file that includes one does not compile.
CLI_INC   := -Isrc/cli
CLI_SRC   := $(sort $(wildcard src/cli/*.c))
CLI_OBJ   := $(CLI_SRC:src/%.c=$(BUILD)/obj/%.o)
CLI_LIB   := $(BUILD)/libpdnkit-cli.a
TOOL_SRC  := $(sort $(wildcard src/tools/*.c))
TOOLS     := $(TOOL_SRC:src/tools/%.c=$(BUILD)/bin/%)
TOOL_NAMES := $(notdir $(TOOLS))

.PHONY: build-tools
build-tools: $(TOOLS)

$(BUILD)/obj/cli/%.o: src/cli/%.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) $(DEPFLAGS) -c $< -o $@

$(CLI_LIB): $(CLI_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

$(BUILD)/bin/%: src/tools/%.c $(CLI_LIB) $(LIB) $(LINK_EXTRA)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CLI_INC) $(DEPFLAGS) $< $(CLI_LIB) $(LIB) $(LINK_EXTRA) $(LDFLAGS) $(LIBS) -o $@

$(BUILD)/completion/pdnkit: completion/pdnkit.bash FORCE
	@mkdir -p $(@D)
	@sed -e 's|@TOOLS@|$(TOOL_NAMES)|' completion/pdnkit.bash >$@.$$$$ && mv -f $@.$$$$ $@

-include $(CLI_OBJ:.o=.d) $(TOOLS:=.d)
