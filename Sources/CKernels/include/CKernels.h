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

/// `VectorKernel.scorePortably` for eight labels and five context offsets:
/// `padded` holds `n + 4` vectors of eight floats, token `t`'s at `t + 2`, already holding what
/// the line starts with; `weights` holds rows of five vectors (40 floats); token `t` brought
/// the rows `rows[ends[t - 1]..<ends[t]]` (from 0 for token 0) and the eight local weights
/// `locals[8 * t ..< 8 * t + 8]`, scaled by `scale`. Adds them all to `padded` in the portable
/// order and returns 1; returns 0 having done nothing where the processor has no AVX2 (the
/// flag `ikk_cpu_has_avx2` reads) or `n` is below 1.
int ikk_score_line_avx2(float *padded, long n, const float *weights, const int *rows, const int *ends,
                        const int *locals, float scale);

#endif
