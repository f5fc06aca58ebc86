/* win/compat/sys/resource.h -- getrusage for the Windows build (mk/windows.mk puts this
 * folder on the tools' include path): pdncheck's and pdnconv's --stats read the CPU time
 * the process used, which Windows gives by GetProcessTimes, and its peak memory, which
 * Linux's ru_maxrss and Windows's peak working set (GetProcessMemoryInfo) both count as the
 * most resident bytes the process ever had. */
#ifndef PK_WIN_SYS_RESOURCE_H
#define PK_WIN_SYS_RESOURCE_H
#include <sys/time.h>
#include <windows.h>
/* (PSAPI_VERSION 2, mingw's default: K32GetProcessMemoryInfo, in kernel32, no -lpsapi) */
#include <psapi.h>

#define RUSAGE_SELF 0
struct rusage {
    struct timeval ru_utime, ru_stime;
    long ru_maxrss; /* kilobytes: the peak working set */
};

static inline void pk_win_filetime_tv(FILETIME t, struct timeval *tv)
{
    unsigned long long u = ((unsigned long long)t.dwHighDateTime << 32 | t.dwLowDateTime) / 10;
    tv->tv_sec = (long)(u / 1000000);
    tv->tv_usec = (long)(u % 1000000);
}

static inline int getrusage(int who, struct rusage *ru)
{
    FILETIME c, e, k, u;
    (void)who;
    *ru = (struct rusage){{0, 0}, {0, 0}, 0};
    if (!GetProcessTimes(GetCurrentProcess(), &c, &e, &k, &u))
        return -1;
    pk_win_filetime_tv(u, &ru->ru_utime);
    pk_win_filetime_tv(k, &ru->ru_stime);
    PROCESS_MEMORY_COUNTERS m;
    ru->ru_maxrss = GetProcessMemoryInfo(GetCurrentProcess(), &m, sizeof m) ? (long)(m.PeakWorkingSetSize / 1024) : 0;
    return 0;
}
#endif
