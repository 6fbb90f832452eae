// The snapshot files under Dictionaries/, compiled in as they are with #embed (C23; clang
// accepts it in earlier modes as an extension from clang 19, the compiler of Swift 6.1): no
// text to decode at run time, and the compiler reads a file of megabytes in well under a second.
#include "CSnapshots.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

#define IKS_SNAPSHOT_FILE "../../Dictionaries/model/tagger.snapshot"
#define IKS_SNAPSHOT_BYTES tagger
#define IKS_SNAPSHOT_FUNCTION iks_tagger_snapshot
#include "EmbeddedSnapshot.h"

#define IKS_SNAPSHOT_FILE "../../Dictionaries/lexicon.snapshot"
#define IKS_SNAPSHOT_BYTES lexicon
#define IKS_SNAPSHOT_FUNCTION iks_lexicon_snapshot
#include "EmbeddedSnapshot.h"

#define IKS_SNAPSHOT_FILE "../../Dictionaries/suggest/knowledge.snapshot"
#define IKS_SNAPSHOT_BYTES knowledge
#define IKS_SNAPSHOT_FUNCTION iks_knowledge_snapshot
#include "EmbeddedSnapshot.h"
