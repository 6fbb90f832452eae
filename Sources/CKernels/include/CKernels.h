#ifndef INGREDIENTKIT_CKERNELS_H
#define INGREDIENTKIT_CKERNELS_H

/// Vector kernels of the parser's hot loops, written for AVX2 and chosen at run time: the
/// Swift code calls one only when `ikk_cpu_has_avx2()` says the processor runs it, and keeps a
/// portable Swift version of each as the reference (the tests compare the two). Each kernel
/// does the same IEEE operations in the same order as its Swift version, so that the results
/// are the same bit for bit (no fused multiply-add, no reassociation).

/// 1 when the processor and the operating system run AVX2 instructions, else 0 (read once).
int ikk_cpu_has_avx2(void);

/// The smallest and the sum of a line's per-token margins and its best path's label set, as
/// `Viterbi.Margins` holds them.
typedef struct {
    float minimum;
    float sum;
    long labelSet;
} ikk_margins;

/// `Viterbi.decode` for eight labels: `emission` holds `n` (at least 1) rows of eight floats,
/// `transitions` nine rows (the last from the start), `incoming` eight (the transpose),
/// `end` one; `scratch` has room for `2 * n` rows; the best path's labels
/// are written to `path[0..<n]`. Call only when `ikk_cpu_has_avx2()` is 1.
ikk_margins ikk_viterbi_decode_avx2(const float *emission, long n, const float *transitions,
                                    const float *incoming, const float *end, float *scratch, long *path);

#endif
