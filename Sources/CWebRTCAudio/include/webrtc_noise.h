// A C face for the noise suppressor of WebRTC's audio processing module (Debian's
// libwebrtc-audio-processing), so that Swift can use it without C++ interop.
#ifndef BIBLE_COURSE_WEBRTC_NOISE_H
#define BIBLE_COURSE_WEBRTC_NOISE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The audio the suppressor takes: 16 kHz mono, in frames of 160 samples (10 ms).
#define BC_WEBRTC_NOISE_SAMPLE_RATE 16000
#define BC_WEBRTC_NOISE_FRAME_SAMPLES 160

/// One suppressor's state. Not thread-safe.
typedef struct bc_webrtc_noise bc_webrtc_noise;

/// A suppressor: a high-pass filter and WebRTC's noise suppression at `level` (0 mild ...
/// 3 strongest). NULL when the module cannot be created (out of memory) or `level` is out
/// of range. Owned by the caller: free it with bc_webrtc_noise_free.
bc_webrtc_noise *bc_webrtc_noise_create(int level);

/// Processes one frame of BC_WEBRTC_NOISE_FRAME_SAMPLES samples in place; 0 on success,
/// else WebRTC's error code (kNullPointerError, -5, for a NULL argument).
int bc_webrtc_noise_process(bc_webrtc_noise *suppressor, int16_t *frame);

void bc_webrtc_noise_free(bc_webrtc_noise *suppressor);

#ifdef __cplusplus
}
#endif

#endif
