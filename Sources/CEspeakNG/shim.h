// libespeak-ng (Debian bookworm) as a Swift module: synthesis and text-to-phonemes.
#ifndef BIBLE_COURSE_CESPEAKNG_H
#define BIBLE_COURSE_CESPEAKNG_H
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
