/* web/xz-config.h -- liblzma's config.h for the WebAssembly build (make web): the .xz
 * decoder only (LZMA1, LZMA2, delta and the branch filters; CRC32, CRC64 and SHA-256
 * checks), no threads, no assembly. Autoconf would write this; running configure under
 * Emscripten is slow and finds nothing a wasm32 target does not have. */
#define HAVE_STDBOOL_H 1
#define HAVE_STDINT_H 1
#define HAVE_INTTYPES_H 1
#define HAVE__BOOL 1
#define HAVE_STRING_H 1
#define HAVE_STDLIB_H 1
#define HAVE_LIMITS_H 1
#define HAVE_DECODERS 1
#define HAVE_DECODER_LZMA1 1
#define HAVE_DECODER_LZMA2 1
#define HAVE_DECODER_DELTA 1
#define HAVE_DECODER_X86 1
#define HAVE_DECODER_POWERPC 1
#define HAVE_DECODER_IA64 1
#define HAVE_DECODER_ARM 1
#define HAVE_DECODER_ARMTHUMB 1
#define HAVE_DECODER_ARM64 1
#define HAVE_DECODER_SPARC 1
#define HAVE_CHECK_CRC32 1
#define HAVE_CHECK_CRC64 1
#define HAVE_CHECK_SHA256 1
#define SIZEOF_SIZE_T __SIZEOF_SIZE_T__ /* 4 on wasm32, 8 on win64 (mk/windows.mk) */
#define ASSUME_RAM 128
#define PACKAGE_NAME "XZ Utils"
#define PACKAGE_URL ""
#define TUKLIB_FAST_UNALIGNED_ACCESS 1
