// The snapshot files under Dictionaries/, compiled in as they are with #embed (C23; clang
// accepts it in earlier modes as an extension from clang 19, the compiler of Swift 6.1): no
// text to decode at run time, and the compiler reads a file of megabytes in well under a second.
// Paths are relative to this file. A file that is missing gives an empty snapshot.
#include "CSnapshots.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

#if __has_embed("../../Dictionaries/model/tagger.snapshot") == __STDC_EMBED_FOUND__
_Alignas(16) static const unsigned char tagger[] = {
#embed "../../Dictionaries/model/tagger.snapshot"
};
const unsigned char *iks_tagger_snapshot(size_t *count) { *count = sizeof tagger; return tagger; }
#else
const unsigned char *iks_tagger_snapshot(size_t *count) { *count = 0; return NULL; }
#endif

#if __has_embed("../../Dictionaries/lexicon.snapshot") == __STDC_EMBED_FOUND__
_Alignas(16) static const unsigned char lexicon[] = {
#embed "../../Dictionaries/lexicon.snapshot"
};
const unsigned char *iks_lexicon_snapshot(size_t *count) { *count = sizeof lexicon; return lexicon; }
#else
const unsigned char *iks_lexicon_snapshot(size_t *count) { *count = 0; return NULL; }
#endif

#if __has_embed("../../Dictionaries/suggest/knowledge.snapshot") == __STDC_EMBED_FOUND__
_Alignas(16) static const unsigned char knowledge[] = {
#embed "../../Dictionaries/suggest/knowledge.snapshot"
};
const unsigned char *iks_knowledge_snapshot(size_t *count) { *count = sizeof knowledge; return knowledge; }
#else
const unsigned char *iks_knowledge_snapshot(size_t *count) { *count = 0; return NULL; }
#endif
