#include "webrtc_noise.h"

#include <cstring>
#include <new>

#include "webrtc/modules/audio_processing/include/audio_processing.h"
#include "webrtc/modules/interface/module_common_types.h"

struct bc_webrtc_noise {
    webrtc::AudioProcessing *processing;
    webrtc::AudioFrame frame;
};

static const int kSampleRate = BC_WEBRTC_NOISE_SAMPLE_RATE;
static const int kFrameSamples = BC_WEBRTC_NOISE_FRAME_SAMPLES;

bc_webrtc_noise *bc_webrtc_noise_create(int level) {
    if (level < 0 || level > 3) return nullptr;
    webrtc::AudioProcessing *processing = nullptr;
    try {
        // No C++ exception may cross into C (out of memory: std::bad_alloc).
        processing = webrtc::AudioProcessing::Create();
    } catch (...) {
        return nullptr;
    }
    if (processing == nullptr) return nullptr;
    if (processing->high_pass_filter()->Enable(true) != 0
        || processing->noise_suppression()->set_level(static_cast<webrtc::NoiseSuppression::Level>(level)) != 0
        || processing->noise_suppression()->Enable(true) != 0) {
        delete processing;
        return nullptr;
    }
    bc_webrtc_noise *suppressor = new (std::nothrow) bc_webrtc_noise;
    if (suppressor == nullptr) {
        delete processing;
        return nullptr;
    }
    suppressor->processing = processing;
    return suppressor;
}

int bc_webrtc_noise_process(bc_webrtc_noise *suppressor, int16_t *samples) {
    if (suppressor == nullptr || samples == nullptr) return webrtc::AudioProcessing::kNullPointerError;
    webrtc::AudioFrame &frame = suppressor->frame;
    frame.sample_rate_hz_ = kSampleRate;
    frame.num_channels_ = 1;
    frame.samples_per_channel_ = kFrameSamples;
    std::memcpy(frame.data_, samples, sizeof(int16_t) * kFrameSamples);
    int status = suppressor->processing->ProcessStream(&frame);
    if (status == 0) std::memcpy(samples, frame.data_, sizeof(int16_t) * kFrameSamples);
    return status;
}

void bc_webrtc_noise_free(bc_webrtc_noise *suppressor) {
    if (suppressor == nullptr) return;
    delete suppressor->processing;
    delete suppressor;
}
