// libspeexdsp (libspeexdsp-dev) as a Swift module: its preprocessor's noise suppression and
// its echo canceller.
#ifndef BIBLE_COURSE_CSPEEXDSP_H
#define BIBLE_COURSE_CSPEEXDSP_H
#include <speex/speex_preprocess.h>
#include <speex/speex_echo.h>
#endif
