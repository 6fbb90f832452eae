// Umbrella for the system ICU headers used by the ICUShim target.
#include <unicode/utypes.h>
#include <unicode/ustring.h>
#include <unicode/unorm2.h>
#include <unicode/uchar.h>
