// A C face for the noise suppressor of WebRTC's audio processing module (Debian's
// libwebrtc-audio-processing), so that Swift can use it without C++ interop.
#ifndef BIBLE_COURSE_WEBRTC_NOISE_H
#define BIBLE_COURSE_WEBRTC_NOISE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One suppressor: a high-pass filter and WebRTC's noise suppression at `level`
/// (0 mild ... 3 strongest), for 16 kHz mono audio in frames of 160 samples (10 ms).
/// NULL when the module cannot be created or `level` is out of range. Owned by the
/// caller: free it with bc_webrtc_noise_free. Not thread-safe.
typedef struct bc_webrtc_noise bc_webrtc_noise;

bc_webrtc_noise *bc_webrtc_noise_create(int level);

/// Processes one frame of 160 samples in place; 0 on success, else WebRTC's error code.
int bc_webrtc_noise_process(bc_webrtc_noise *suppressor, int16_t *frame);

void bc_webrtc_noise_free(bc_webrtc_noise *suppressor);

#ifdef __cplusplus
}
#endif

#endif
