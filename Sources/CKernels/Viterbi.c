// The AVX2 version of `Viterbi.decode` (Sources/IngredientParsing/Parsing/Viterbi.swift): the
// same additions and comparisons in the same order, eight labels in one 256-bit register.
#include "CKernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#pragma STDC FP_CONTRACT OFF

#define IKK_AVX2 __attribute__((target("avx2"), always_inline)) static inline

/// `a > b ? a : b` lane by lane (what MAXPS computes, NaN and equal lanes giving `b`).
IKK_AVX2 __m256 lanewise_max(__m256 a, __m256 b) { return _mm256_max_ps(a, b); }

/// `max over p of (v[p] + rows[p])`, paired as `Viterbi.maxPlus` pairs them.
IKK_AVX2 __m256 max_plus(const float *v, const float *rows) {
    __m256 a = lanewise_max(_mm256_add_ps(_mm256_broadcast_ss(v + 0), _mm256_loadu_ps(rows + 0)),
                            _mm256_add_ps(_mm256_broadcast_ss(v + 1), _mm256_loadu_ps(rows + 8)));
    __m256 b = lanewise_max(_mm256_add_ps(_mm256_broadcast_ss(v + 2), _mm256_loadu_ps(rows + 16)),
                            _mm256_add_ps(_mm256_broadcast_ss(v + 3), _mm256_loadu_ps(rows + 24)));
    __m256 c = lanewise_max(_mm256_add_ps(_mm256_broadcast_ss(v + 4), _mm256_loadu_ps(rows + 32)),
                            _mm256_add_ps(_mm256_broadcast_ss(v + 5), _mm256_loadu_ps(rows + 40)));
    __m256 d = lanewise_max(_mm256_add_ps(_mm256_broadcast_ss(v + 6), _mm256_loadu_ps(rows + 48)),
                            _mm256_add_ps(_mm256_broadcast_ss(v + 7), _mm256_loadu_ps(rows + 56)));
    return lanewise_max(lanewise_max(a, b), lanewise_max(c, d));
}

/// The largest lane, by halving as `Viterbi.horizontalMax` does.
IKK_AVX2 float horizontal_max(__m256 v) {
    __m128 m = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    float m0 = _mm_cvtss_f32(m), m1 = _mm_cvtss_f32(_mm_shuffle_ps(m, m, 1));
    float m2 = _mm_cvtss_f32(_mm_shuffle_ps(m, m, 2)), m3 = _mm_cvtss_f32(_mm_shuffle_ps(m, m, 3));
    float x = m0 > m2 ? m0 : m2, y = m1 > m3 ? m1 : m3;
    return x > y ? x : y;
}

/// The first lane of `v` equal to `value` (0 when none is).
IKK_AVX2 long first_lane(float value, __m256 v) {
    int mask = _mm256_movemask_ps(_mm256_cmp_ps(v, _mm256_set1_ps(value), _CMP_EQ_OQ));
    return mask == 0 ? 0 : __builtin_ctz((unsigned)mask);
}

__attribute__((target("avx2")))
ikk_margins ikk_viterbi_decode_avx2(const float *emission, long n, const float *transitions,
                                    const float *incoming, const float *end, float *scratch, long *path) {
    float *alpha = scratch, *beta = scratch + 8 * n;
    __m256 endRow = _mm256_loadu_ps(end);
    // Forward.
    _mm256_storeu_ps(alpha, _mm256_add_ps(_mm256_loadu_ps(transitions + 64), _mm256_loadu_ps(emission)));
    for (long t = 1; t < n; t++)
        _mm256_storeu_ps(alpha + 8 * t, _mm256_add_ps(max_plus(alpha + 8 * (t - 1), transitions), _mm256_loadu_ps(emission + 8 * t)));
    // Backward: the summed row is stored in the beta slot it will be replaced in (beta[t]
    // is written after its input, emission[t + 1] + beta[t + 1], is read).
    _mm256_storeu_ps(beta + 8 * (n - 1), endRow);
    for (long t = n - 2; t >= 0; t--) {
        float sum[8] __attribute__((aligned(32)));
        _mm256_store_ps(sum, _mm256_add_ps(_mm256_loadu_ps(emission + 8 * (t + 1)), _mm256_loadu_ps(beta + 8 * (t + 1))));
        // Read back from memory: a broadcast from memory is one instruction, from a register
        // two (the compiler would otherwise keep the sum in a register).
        __asm__ volatile("" : : "r"(sum) : "memory");
        _mm256_storeu_ps(beta + 8 * t, max_plus(sum, incoming));
    }
    __m256 final = _mm256_add_ps(_mm256_loadu_ps(alpha + 8 * (n - 1)), endRow);
    float best = horizontal_max(final);
    path[n - 1] = first_lane(best, final);
    for (long t = n - 1; t > 0; t--) {
        __m256 from = _mm256_add_ps(_mm256_loadu_ps(alpha + 8 * (t - 1)), _mm256_loadu_ps(incoming + 8 * path[t]));
        path[t - 1] = first_lane(horizontal_max(from), from);
    }
    // `Viterbi.hidden`: row l holds -infinity in lane l and zero elsewhere.
    static const float hidden[8][8] __attribute__((aligned(32))) = {
        { -__builtin_inff(), 0, 0, 0, 0, 0, 0, 0 }, { 0, -__builtin_inff(), 0, 0, 0, 0, 0, 0 },
        { 0, 0, -__builtin_inff(), 0, 0, 0, 0, 0 }, { 0, 0, 0, -__builtin_inff(), 0, 0, 0, 0 },
        { 0, 0, 0, 0, -__builtin_inff(), 0, 0, 0 }, { 0, 0, 0, 0, 0, -__builtin_inff(), 0, 0 },
        { 0, 0, 0, 0, 0, 0, -__builtin_inff(), 0 }, { 0, 0, 0, 0, 0, 0, 0, -__builtin_inff() },
    };
    float minimum = __builtin_inff(), sum = 0;
    long labelSet = 0;
    for (long k = 0; k < n; k++) {
        long label = path[k];
        labelSet |= 1L << label;
        __m256 through = _mm256_add_ps(_mm256_add_ps(_mm256_loadu_ps(alpha + 8 * k), _mm256_loadu_ps(beta + 8 * k)),
                                       _mm256_load_ps(hidden[label]));
        float m = best - horizontal_max(through);
        minimum = m < minimum ? m : minimum;
        sum += m;
    }
    ikk_margins margins = { minimum, sum, labelSet };
    return margins;
}

#else

ikk_margins ikk_viterbi_decode_avx2(const float *emission, long n, const float *transitions,
                                    const float *incoming, const float *end, float *scratch, long *path) {
    (void)emission; (void)n; (void)transitions; (void)incoming; (void)end; (void)scratch; (void)path;
    __builtin_trap();
}

#endif
