#include "ICUShim.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

enum { STACK_UNITS = 512 };

/// Holds a UTF-16 buffer on the stack when small enough, on the heap otherwise.
typedef struct {
    UChar *units;
    int32_t length;
    int32_t capacity;
    UChar inline_units[STACK_UNITS];
} utf16_buffer;

static void buffer_init(utf16_buffer *b) {
    b->units = b->inline_units;
    b->length = 0;
    b->capacity = STACK_UNITS;
}

static int buffer_reserve(utf16_buffer *b, int32_t capacity) {
    if (capacity <= b->capacity) return 1;
    UChar *grown = (UChar *)malloc(sizeof(UChar) * (size_t)capacity);
    if (grown == NULL) return 0;
    if (b->units != b->inline_units) free(b->units);
    b->units = grown;
    b->capacity = capacity;
    return 1;
}

static void buffer_free(utf16_buffer *b) {
    if (b->units != b->inline_units) free(b->units);
    buffer_init(b);
}

static int from_utf8(utf16_buffer *b, const char *input, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = 0;
    // UTF-16 never needs more units than UTF-8 has bytes.
    if (!buffer_reserve(b, length + 1)) return 0;
    u_strFromUTF8WithSub(b->units, b->capacity, &needed, input, length, 0xFFFD, NULL, &status);
    if (U_FAILURE(status)) return 0;
    b->length = needed;
    return 1;
}

static int normalize(const UNormalizer2 *n, utf16_buffer *src, utf16_buffer *dst) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = unorm2_normalize(n, src->units, src->length, dst->units, dst->capacity, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        if (!buffer_reserve(dst, needed + 1)) return 0;
        status = U_ZERO_ERROR;
        needed = unorm2_normalize(n, src->units, src->length, dst->units, dst->capacity, &status);
    }
    if (U_FAILURE(status)) return 0;
    dst->length = needed;
    return 1;
}

static int fold_case(utf16_buffer *src, utf16_buffer *dst) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t needed = u_strFoldCase(dst->units, dst->capacity, src->units, src->length, U_FOLD_CASE_DEFAULT, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        if (!buffer_reserve(dst, needed + 1)) return 0;
        status = U_ZERO_ERROR;
        needed = u_strFoldCase(dst->units, dst->capacity, src->units, src->length, U_FOLD_CASE_DEFAULT, &status);
    }
    if (U_FAILURE(status)) return 0;
    dst->length = needed;
    return 1;
}

static void drop_nonspacing_marks(utf16_buffer *b) {
    int32_t read = 0, write = 0;
    while (read < b->length) {
        UChar32 c;
        int32_t start = read;
        U16_NEXT(b->units, read, b->length, c);
        if (u_charType(c) == U_NON_SPACING_MARK) continue;
        while (start < read) b->units[write++] = b->units[start++];
    }
    b->length = write;
}

int32_t iks_transform_utf8(iks_transform transform,
                           const char *input, int32_t length,
                           char *output, int32_t capacity) {
    utf16_buffer a, b;
    buffer_init(&a);
    buffer_init(&b);
    utf16_buffer *cur = &a, *other = &b, *swap = NULL;
    int32_t result = -1;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *n = NULL;

    if (!from_utf8(cur, input, length)) goto done;

    switch (transform) {
    case IKS_CASE_FOLD:
        if (!fold_case(cur, other)) goto done;
        break;
    case IKS_NFKC:
        n = unorm2_getNFKCInstance(&status);
        if (U_FAILURE(status) || !normalize(n, cur, other)) goto done;
        break;
    case IKS_NFKC_CASEFOLD:
        n = unorm2_getNFKCCasefoldInstance(&status);
        if (U_FAILURE(status) || !normalize(n, cur, other)) goto done;
        break;
    case IKS_NFC:
        n = unorm2_getNFCInstance(&status);
        if (U_FAILURE(status) || !normalize(n, cur, other)) goto done;
        break;
    case IKS_STRIP_MARKS:
        n = unorm2_getNFDInstance(&status);
        if (U_FAILURE(status) || !normalize(n, cur, other)) goto done;
        drop_nonspacing_marks(other);
        swap = cur; cur = other; other = swap;
        n = unorm2_getNFCInstance(&status);
        if (U_FAILURE(status) || !normalize(n, cur, other)) goto done;
        break;
    default:
        goto done;
    }
    swap = cur; cur = other; other = swap;

    status = U_ZERO_ERROR;
    int32_t needed = 0;
    u_strToUTF8WithSub(output, capacity, &needed, cur->units, cur->length, 0xFFFD, NULL, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR || U_SUCCESS(status)) {
        result = needed;
    }

done:
    buffer_free(&a);
    buffer_free(&b);
    return result;
}

void iks_icu_version(char *output) {
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, output);
}
