// The AVX2 version of `VectorKernel.scorePortably` (Sources/IngredientParsing/
// Parsing/TaggerModel+Scorer.swift): a line's context rows and local weights added to its label
// scores, each score vector receiving the same additions in the same order as in the Swift
// version, eight labels in one 256-bit register.
#include "CKernels.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#pragma STDC FP_CONTRACT OFF

/// A row's five slots of eight floats: slot `o + 2` goes to the token `o` places before the
/// one that brought the row (slot 0 to two tokens after it, slot 4 to two tokens before it).
#define IKK_ROW 40

/// Scores token `j`, whose five vectors (tokens j-2 … j+2) are in registers `a` … `e`: adds its
/// rows in the order they came, then its own local weights (converted, then scaled, then added:
/// three roundings, as `SIMD8<Float>(local) * scale` added in Swift; no fused multiply-add, as
/// FP_CONTRACT is off); stores `a`, which no later token adds to, and loads in its place the
/// vector of token j+3, which the next token's window ends with. Leaves through `done` after
/// the last token, with the four vectors still held in `b` … `e`.
#define IKK_TOKEN(a, b, c, d, e, done)                                                            \
    _Pragma("clang loop unroll(disable)")                                                         \
    for (long end = ends[j]; k < end; k++) {                                                      \
        const float *r = weights + (long)rows[k] * IKK_ROW;                                       \
        e = _mm256_add_ps(e, _mm256_loadu_ps(r));                                                 \
        d = _mm256_add_ps(d, _mm256_loadu_ps(r + 8));                                             \
        c = _mm256_add_ps(c, _mm256_loadu_ps(r + 16));                                            \
        b = _mm256_add_ps(b, _mm256_loadu_ps(r + 24));                                            \
        a = _mm256_add_ps(a, _mm256_loadu_ps(r + 32));                                            \
    }                                                                                             \
    c = _mm256_add_ps(c, _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)(locals + 8 * j))), s)); \
    _mm256_storeu_ps(padded + 8 * j, a);                                                          \
    if (++j == n) goto done;                                                                      \
    a = _mm256_loadu_ps(padded + 8 * (j + 4));

/// After the last token: the four vectors it left, tokens n-2 … n+1 (the last two spare).
#define IKK_REST(b, c, d, e)                                                                      \
    _mm256_storeu_ps(padded + 8 * n, b);                                                          \
    _mm256_storeu_ps(padded + 8 * (n + 1), c);                                                    \
    _mm256_storeu_ps(padded + 8 * (n + 2), d);                                                    \
    _mm256_storeu_ps(padded + 8 * (n + 3), e);                                                    \
    return 1;

__attribute__((target("avx2")))
static int score_line(float *padded, long n, const float *weights, const int *rows, const int *ends,
                       const int *locals, float scale) {
    // The five vectors token `j` adds to (tokens j-2 … j+2, at padded[j] … padded[j + 4]) stay
    // in registers: each vector is loaded once, when it enters the window, and stored once,
    // when the window leaves it. The window turns by naming the registers in turn (five tokens
    // a round), so no register is copied. Every vector still receives its additions in the
    // Swift order: token by token, each token's rows in the order they came, and the token's
    // own local weights after its rows.
    const __m256 s = _mm256_set1_ps(scale);
    __m256 w0 = _mm256_loadu_ps(padded), w1 = _mm256_loadu_ps(padded + 8), w2 = _mm256_loadu_ps(padded + 16);
    __m256 w3 = _mm256_loadu_ps(padded + 24), w4 = _mm256_loadu_ps(padded + 32);
    long j = 0, k = 0;
    for (;;) {
        IKK_TOKEN(w0, w1, w2, w3, w4, done0)
        IKK_TOKEN(w1, w2, w3, w4, w0, done1)
        IKK_TOKEN(w2, w3, w4, w0, w1, done2)
        IKK_TOKEN(w3, w4, w0, w1, w2, done3)
        IKK_TOKEN(w4, w0, w1, w2, w3, done4)
    }
done0: IKK_REST(w1, w2, w3, w4)
done1: IKK_REST(w2, w3, w4, w0)
done2: IKK_REST(w3, w4, w0, w1)
done3: IKK_REST(w4, w0, w1, w2)
done4: IKK_REST(w0, w1, w2, w3)
}

/// `ikk_cpu_has_avx2()`, kept here once known (-1 before): read on every line, it costs a
/// load and a comparison rather than a call that saves the caller's arguments around it.
static int has_avx2 = -1;

/// `ikk_score_line_avx2` on the first line, which learns whether the processor has AVX2.
__attribute__((noinline))
static int score_line_first(float *padded, long n, const float *weights, const int *rows, const int *ends,
                            const int *locals, float scale) {
    int avx2 = ikk_cpu_has_avx2();
    __atomic_store_n(&has_avx2, avx2, __ATOMIC_RELAXED);
    if (n < 1 || !avx2) return 0;
    return score_line(padded, n, weights, rows, ends, locals, scale);
}

int ikk_score_line_avx2(float *padded, long n, const float *weights, const int *rows, const int *ends,
                        const int *locals, float scale) {
    int avx2 = __atomic_load_n(&has_avx2, __ATOMIC_RELAXED);
    if (__builtin_expect(avx2 < 0, 0)) return score_line_first(padded, n, weights, rows, ends, locals, scale);
    if (n < 1 || !avx2) return 0;
    return score_line(padded, n, weights, rows, ends, locals, scale);
}

#else

int ikk_score_line_avx2(float *padded, long n, const float *weights, const int *rows, const int *ends,
                        const int *locals, float scale) {
    (void)padded; (void)n; (void)weights; (void)rows; (void)ends; (void)locals; (void)scale;
    return 0;
}

#endif
