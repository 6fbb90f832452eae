// Umbrella for the system zlib (inflate of ZIP entries and gzip streams).
#include <zlib.h>
