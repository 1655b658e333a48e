// ALSA (libasound2-dev) as a Swift module: PCM capture and playback.
#ifndef BIBLE_COURSE_CALSA_H
#define BIBLE_COURSE_CALSA_H
#include <alsa/asoundlib.h>
#endif
