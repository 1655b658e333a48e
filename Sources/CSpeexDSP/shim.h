// libspeexdsp (libspeexdsp-dev) as a Swift module: its preprocessor's noise suppression.
#ifndef BIBLE_COURSE_CSPEEXDSP_H
#define BIBLE_COURSE_CSPEEXDSP_H
#include <speex/speex_preprocess.h>
#endif
