#ifndef INGREDIENTKIT_ICUSHIM_H
#define INGREDIENTKIT_ICUSHIM_H

#include <stdint.h>

/// The transformations the shim offers. Each maps UTF-8 to UTF-8.
typedef enum {
    /// Full Unicode case folding (u_strFoldCase, default options): "Straße" -> "strasse".
    IKS_CASE_FOLD = 0,
    /// NFKC normalization: compatibility forms ("ﬁ" -> "fi", "½" -> "1⁄2").
    IKS_NFKC = 1,
    /// NFKC_Casefold: NFKC, full case folding and removal of default-ignorables in one pass.
    IKS_NFKC_CASEFOLD = 2,
    /// Canonical decomposition, removal of nonspacing marks (Mn), recomposition: "jalapeño" -> "jalapeno".
    IKS_STRIP_MARKS = 3,
    /// NFC normalization: canonical composition ("e" + U+0300 -> "è").
    IKS_NFC = 4,
} iks_transform;

/// Applies `transform` to `length` bytes of UTF-8 at `input`, writing UTF-8 into `output`
/// (capacity `capacity` bytes; no terminating NUL is written). Ill-formed input is read with
/// U+FFFD substitution. Returns the number of bytes the result needs: when that exceeds
/// `capacity`, nothing usable was written and the caller retries with a larger buffer.
/// Returns -1 when ICU reports an error other than a short buffer.
int32_t iks_transform_utf8(iks_transform transform,
                           const char *input, int32_t length,
                           char *output, int32_t capacity);

/// The ICU version the shim was linked against, e.g. "72.1", written NUL-terminated into
/// `output` (at least 16 bytes).
void iks_icu_version(char *output);

#endif
