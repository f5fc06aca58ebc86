# bash completion for the pdnkit tools: @TOOLS@
#
# make install puts this file in .../bash-completion/completions/pdnkit with one link per
# tool (bash-completion loads completions/NAME when NAME is completed), and writes the tool
# list into the `complete` line at the end. Nothing here is per tool: the options, and which
# of them take an argument, are read from `TOOL --help` (lines "  -v, --variant=NAME ...");
# a FILE in its Usage line means file operands. So a new tool needs no edit here.
#
# Values: --variant (-v) offers the variant names (`pdnperft --list-variants`, else the
# built-in list below), --color (its value optional: --color[=WHEN]) auto, always and
# never, --jobs (-j: pdncheck, pdnfen, pdnconv, pdngrep) the thread counts
# from 1 to the number of online processors, --tag (pdngrep -t) the PDN tag names followed
# by '=', an argument written a|b|c offers a, b and c, FILE/DIR offer files.
# Plain bash: no helper from the bash-completion package is needed.

_pdnkit_variants()
{
    local tool=$1 perft=pdnperft list
    case $tool in */*) [ -x "${tool%/*}/pdnperft" ] && perft=${tool%/*}/pdnperft ;; esac
    list=$("$perft" --list-variants 2>/dev/null | awk 'NR > 1 { print $1 }') # below the header
    [ -n "$list" ] ||
        list="international english spanish portuguese russian brazilian italian czech pool
              frisian turkish thai canadian sri-lankan malaysian frysk antidraughts breakthrough"
    printf '%s\n' $list
}

# Prints "OPTION ARG" per option of `TOOL --help` (ARG "-" when it takes none, "[ARG]" when
# its value is optional: "--color[=WHEN]"; a short option that takes an argument is
# printed with its long form's ARG).
_pdnkit_options()
{
    "$1" --help 2>/dev/null | sed -n \
        -e 's/^ *\(-[A-Za-z0-9]\), \(--[A-Za-z0-9-]*\)=\([^ ]*\).*/\1 \3\n\2 \3/p; t' \
        -e 's/^ *\(-[A-Za-z0-9]\), \(--[A-Za-z0-9-]*\)\( .*\)*$/\1 -\n\2 -/p; t' \
        -e 's/^ *\(--[A-Za-z0-9-]*\)=\([^ ]*\).*/\1 \2/p; t' \
        -e 's/^ *\(--[A-Za-z0-9-]*\)\[=\([^] ]*\)\].*/\1 [\2]/p; t' \
        -e 's/^ *\(--[A-Za-z0-9-]*\)\( .*\)*$/\1 -/p'
}

# The argument option $2 takes according to the options $1 ("-" for none); --variant
# takes a NAME even when the tool cannot be run for its --help.
_pdnkit_arg()
{
    local a
    a=$(printf '%s\n' "$1" | awk -v o="$2" '$1 == o { print $2; exit }')
    case $a:$2 in :--variant | :-v) a=NAME ;; esac
    printf '%s\n' "$a"
}

# Values for option $2 whose argument is written $3.
_pdnkit_values()
{
    local tool=$1 opt=$2 arg=$3 cur=$4
    case $opt in
    --variant | -v) compgen -W "$(_pdnkit_variants "$tool")" -- "$cur" ;;
    --color | --colour) compgen -W "auto always never" -- "$cur" ;;
    --tag | -t) # pdngrep's NAME=REGEX (pdnperft's -t takes no value: never asked here)
        compgen -W "Event= Site= Date= Round= White= Black= Result= GameType= FEN= Variant=" -- "$cur" ;;
    --jobs | -j)
        local n
        n=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || n=1
        compgen -W "$(seq 1 "${n:-1}")" -- "$cur" ;;
    *)
        case $arg in
        *'|'*) compgen -W "${arg//|/ }" -- "$cur" ;;
        FILE | *FILE*) compgen -f -- "$cur" ;;
        DIR | *DIR*) compgen -d -- "$cur" ;;
        esac ;;
    esac
}

_pdnkit()
{
    local tool=${COMP_WORDS[0]} line cur prev opts o a arg="" i
    # The words from the line itself: COMP_WORDS splits "--variant=ru" at the '='.
    line=${COMP_LINE:0:COMP_POINT}
    cur=${line##*[[:space:]]}
    line=${line%"$cur"}
    line=${line%"${line##*[![:space:]]}"}
    prev=${line##*[[:space:]]}
    COMPREPLY=()
    opts=$(_pdnkit_options "$tool")

    if [[ $cur == --*=* ]]; then
        o=${cur%%=*}
        arg=$(_pdnkit_arg "$opts" "$o")
        [ -n "$arg" ] && [ "$arg" != - ] || return 0
        local val=${cur#*=} pre=""
        # When '=' breaks words (the default), bash replaces only what follows it.
        [[ $COMP_WORDBREAKS == *=* ]] || pre=$o=
        while IFS= read -r i; do COMPREPLY+=("$pre$i"); done < <(_pdnkit_values "$tool" "$o" "$arg" "$val")
        return 0
    fi

    if [[ $prev == -* && $prev != *=* ]]; then
        arg=$(_pdnkit_arg "$opts" "$prev")
        # (an optional value is written after '=' only: the next word is an operand)
        if [ -n "$arg" ] && [ "$arg" != - ] && [[ $arg != \[* ]]; then
            while IFS= read -r i; do COMPREPLY+=("$i"); done < <(_pdnkit_values "$tool" "$prev" "$arg" "$cur")
            # "White=" waits for its pattern
            [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
            return 0
        fi
    fi

    if [[ $cur == -* ]]; then
        local words=()
        while read -r o a; do
            case $o:$a in
            --*:-) words+=("$o") ;;
            --*:\[*) words+=("$o" "$o=") ;;
            --*) words+=("$o=") ;;
            esac
        done <<<"$opts"
        COMPREPLY=($(compgen -W "${words[*]}" -- "$cur"))
        # "--variant=" waits for its value
        [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
        return 0
    fi

    # Operands: files when the Usage line names FILE.
    if "$tool" --help 2>/dev/null | head -n 1 | grep -q 'FILE'; then
        compopt -o filenames 2>/dev/null
        while IFS= read -r i; do COMPREPLY+=("$i"); done < <(compgen -f -- "$cur")
    fi
    return 0
}

complete -F _pdnkit @TOOLS@
