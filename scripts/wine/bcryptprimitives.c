/* Test only, never shipped: Rust's standard library imports ProcessPrng from
 * bcryptprimitives.dll, which Windows 10 and later have and Wine 8 lacks. This DLL gives it,
 * forwarding to RtlGenRandom (advapi32's SystemFunction036). scripts/test-windows.sh builds it
 * with MinGW and puts it in the test prefix's system32, where Windows keeps the real one. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
