// ALSA (libasound2-dev) as a Swift module: PCM capture and playback.
#ifndef BIBLE_COURSE_CALSA_H
#define BIBLE_COURSE_CALSA_H
#include <alsa/asoundlib.h>

// alsa-lib prints its own diagnostics to stderr ("ALSA lib confmisc.c:165: Cannot get
// card index for 1") on every failed open: once per backoff attempt while a USB
// microphone is unplugged. The Swift side reports each failure once, with
// snd_strerror's message, so these are silenced. The handler is variadic, which Swift
// cannot define, hence this wrapper.
static void bible_course_alsa_ignore_error(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void bible_course_alsa_silence_library_errors(void) {
    snd_lib_error_set_handler(bible_course_alsa_ignore_error);
}
#endif
