# tests/windows/prefix.sh -- sourced by check.sh and dist.sh: the wine prefix the Windows
# tools run in, the run's own (WINEPREFIX to choose another; default build/win/wineprefix,
# WIN's), made before any case runs and served by one wineserver for the whole run,
# stopped when the script exits.
#   - Its own: two runs sharing one prefix (the default ~/.wine) share one wineserver, and
#     a second run's start and end were seen to crash the first's processes.
#   - Made first: a fresh prefix's first wine start writes "wine: created the configuration
#     directory" and the like to that tool's standard error (a fresh CI machine has no
#     ~/.wine), and boots wine's services with that tool's stderr as theirs.
#   - The server started with -p BEFORE wineboot: `wineserver -p` run after it finds a
#     server running and exits (status 2), and that server then stops 3 seconds after its
#     last process; the next tool restarted it and booted the services again, a start that
#     failed now and then under load (exit 1, nothing written) or wrote a service's crash
#     ("wine: Unhandled page fault ... starting debugger") into the tool's stderr.
WINEPREFIX=${WINEPREFIX:-$(mkdir -p "${WIN:-build/win}" && cd "${WIN:-build/win}" && pwd)/wineprefix}
export WINEPREFIX
${WINESERVER:-wineserver} -p 2>/dev/null
${WINE:-wine} wineboot -i >/dev/null 2>&1
trap '${WINESERVER:-wineserver} -k 2>/dev/null' EXIT
