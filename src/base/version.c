/* version.c -- the library's version at run time (pk_version, pk_common.h). */
#include "pk_common.h"

const char *pk_version(int *number)
{
    if (number)
        *number = PDNKIT_VERSION_NUMBER;
    return PK_VERSION;
}
