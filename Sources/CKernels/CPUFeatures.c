#include "CKernels.h"

int ikk_cpu_has_avx2(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static int known = -1;
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (k < 0) {
        __builtin_cpu_init();
        k = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k;
#else
    return 0;
#endif
}
