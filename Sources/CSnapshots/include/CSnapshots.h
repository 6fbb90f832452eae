#ifndef INGREDIENTKIT_CSNAPSHOTS_H
#define INGREDIENTKIT_CSNAPSHOTS_H

#include <stddef.h>

/// The built-in tables made ready ahead of time, compiled in byte for byte from the snapshot
/// files under Dictionaries/ (written by `tools/compile-snapshots`). Each function returns the
/// bytes of one snapshot file and stores their number in `count` (0, with a null pointer, when
/// the package has no such file). The bytes are constant, live as long as the program, and
/// start on a 16-byte boundary.

/// Dictionaries/model/tagger.snapshot: the tagger's model and word clusters (TaggerSnapshot).
const unsigned char *iks_tagger_snapshot(size_t *count);

/// Dictionaries/lexicon.snapshot: the lexicon's and the key tables (LexiconSnapshot).
const unsigned char *iks_lexicon_snapshot(size_t *count);

/// Dictionaries/suggest/knowledge.snapshot: the WordNet and neighbour tables (KnowledgeSnapshot).
const unsigned char *iks_knowledge_snapshot(size_t *count);

#endif
