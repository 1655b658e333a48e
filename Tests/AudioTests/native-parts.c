/*
 * The parts of bible-course that are not Swift (DeepFilterNet3, RNNoise, PocketSphinx,
 * espeak-ng), run on recordings as the Swift code runs them, so that one architecture's
 * builds can be compared with another's (NativePartsOnAArch64Tests compiles this for x86_64
 * and aarch64 and runs the second under qemu-aarch64).
 *
 * Every library is loaded with dlopen, as Audio/DeepFilter.swift and Audio/RNNoise.swift
 * load theirs, so only libc's headers are needed to build it for either architecture.
 * Built with -ffp-contract=off: its own arithmetic (the resampling) then gives the same
 * bits on both, and any difference in the results is the libraries'.
 *
 *   native-parts resample OUT_DIR IN.wav...
 *       each recording to 48 kHz and back, unchanged otherwise (the harness's own part)
 *   native-parts deepfilter LIBRARY MODEL OUT_DIR IN.wav...
 *   native-parts rnnoise LIBRARY OUT_DIR IN.wav...
 *       each 16 kHz recording cleaned at 48 kHz, written to OUT_DIR at 16 kHz, same name
 *   native-parts pocketsphinx MODEL_DIR IN.wav...
 *       one line a recording: its name, the stock en-us model's hypothesis and path score
 *   native-parts espeak TEXT OUT.raw
 *       the text said by espeak-ng's en-us voice (16-bit samples); prints rate and count
 */
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, const char *detail) {
    fprintf(stderr, "native-parts: %s: %s\n", what, detail ? detail : "");
    exit(1);
}

static void *load(const char *path) {
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) fail(path, dlerror());
    return handle;
}

static void *symbol(void *handle, const char *name) {
    void *pointer = dlsym(handle, name);
    if (!pointer) fail(name, dlerror());
    return pointer;
}

/* --- WAV files: 16-bit mono at 16 kHz, as the project's recordings are ------------------- */

typedef struct {
    int16_t *samples;
    size_t count;
} Audio;

static uint32_t little32(const unsigned char *bytes) {
    return bytes[0] | bytes[1] << 8 | bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static Audio read_wav(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) fail(path, "cannot be opened");
    unsigned char header[12], chunk[8], format[16];
    if (fread(header, 1, 12, file) != 12 || memcmp(header, "RIFF", 4) || memcmp(header + 8, "WAVE", 4))
        fail(path, "not a WAV file");
    int have_format = 0;
    while (fread(chunk, 1, 8, file) == 8) {
        uint32_t size = little32(chunk + 4);
        if (!memcmp(chunk, "fmt ", 4)) {
            if (size < 16 || fread(format, 1, 16, file) != 16) fail(path, "a short fmt chunk");
            if (format[0] != 1 || format[2] != 1 || little32(format + 4) != 16000 || format[14] != 16)
                fail(path, "not 16-bit mono PCM at 16 kHz");
            have_format = 1;
            fseek(file, (long)(size - 16 + (size & 1)), SEEK_CUR);
        } else if (!memcmp(chunk, "data", 4)) {
            if (!have_format) fail(path, "data before fmt");
            Audio audio = {malloc(size + 2), size / 2};
            if (fread(audio.samples, 2, audio.count, file) != audio.count) fail(path, "a short data chunk");
            fclose(file);
            return audio;  /* little-endian on both architectures */
        } else {
            fseek(file, (long)(size + (size & 1)), SEEK_CUR);
        }
    }
    fail(path, "no data chunk");
    return (Audio){0};
}

static void put32(unsigned char *bytes, uint32_t value) {
    for (int i = 0; i < 4; i++) bytes[i] = (unsigned char)(value >> (8 * i));
}

static void write_wav(const char *path, const int16_t *samples, size_t count) {
    unsigned char header[44] = "RIFF....WAVEfmt ....\1\0\1\0........\2\0\20\0data....";
    put32(header + 4, (uint32_t)(36 + 2 * count));
    put32(header + 16, 16);
    put32(header + 24, 16000);
    put32(header + 28, 32000);
    put32(header + 40, (uint32_t)(2 * count));
    FILE *file = fopen(path, "wb");
    if (!file || fwrite(header, 1, 44, file) != 44 || fwrite(samples, 2, count, file) != count || fclose(file))
        fail(path, "cannot be written");
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* --- 16 kHz to 48 kHz and back: a windowed-sinc low-pass, 3 phases of 16 taps ------------ */

enum { FACTOR = 3, TAPS = 16, LENGTH = FACTOR * TAPS };
static float low_pass[LENGTH];

static void make_low_pass(void) {
    double sum = 0, center = (LENGTH - 1) / 2.0, cutoff = 0.95 / FACTOR, taps[LENGTH];
    for (int n = 0; n < LENGTH; n++) {
        double x = n - center;
        double sinc = x == 0 ? cutoff : sin(M_PI * cutoff * x) / (M_PI * x);
        double window = 0.42 - 0.5 * cos(2 * M_PI * n / (LENGTH - 1)) + 0.08 * cos(4 * M_PI * n / (LENGTH - 1));
        taps[n] = sinc * window;
        sum += taps[n];
    }
    for (int n = 0; n < LENGTH; n++) low_pass[n] = (float)(taps[n] / sum);
}

/* `count` samples at 16 kHz, then `padding` zeros (at 48 kHz), as 48 kHz floats. */
static float *up(const Audio *audio, size_t padding, size_t *out_count) {
    size_t count = audio->count * FACTOR + padding;
    float *out = calloc(count, sizeof *out);
    for (size_t i = 0; i < audio->count; i++)
        for (int phase = 0; phase < FACTOR; phase++) {
            float value = 0;
            for (int k = 0; k < TAPS; k++)
                if (i >= (size_t)k) value += low_pass[k * FACTOR + phase] * audio->samples[i - k];
            out[i * FACTOR + phase] = value * FACTOR;
        }
    *out_count = count;
    return out;
}

/* 48 kHz samples at `scale` to full scale, from `skip` on, back to `count` 16 kHz samples. */
static int16_t *down(const float *in, size_t in_count, size_t skip, float scale, size_t count) {
    int16_t *out = calloc(count, sizeof *out);
    for (size_t j = 0; j < count; j++) {
        float sum = 0;
        for (int k = 0; k < LENGTH; k++) {
            size_t at = skip + j * FACTOR;
            if (at >= (size_t)k && at - k < in_count) {
                float value = in[at - k];
                sum += low_pass[k] * (isfinite(value) ? value * scale : 0);
            }
        }
        long rounded = lroundf(sum);
        out[j] = (int16_t)(rounded > 32767 ? 32767 : rounded < -32768 ? -32768 : rounded);
    }
    return out;
}

static void write_out(const char *dir, const char *input, const int16_t *samples, size_t count) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, base_name(input));
    write_wav(path, samples, count);
}

/* --- The parts ------------------------------------------------------------------------- */

static int resample(int argc, char **argv) {
    if (argc < 4) fail("resample", "OUT_DIR IN.wav...");
    for (int i = 3; i < argc; i++) {
        Audio audio = read_wav(argv[i]);
        size_t count;
        float *high = up(&audio, 0, &count);
        int16_t *back = down(high, count, 0, 1, audio.count);
        write_out(argv[2], argv[i], back, audio.count);
        free(back), free(high), free(audio.samples);
    }
    return 0;
}

/* DeepFilterNet3's C API, as Audio/DeepFilter.swift declares it. */
typedef void *(*DFCreate)(const char *model, float attenuation_limit, const char *log_level);
typedef size_t (*DFFrameLength)(void *state);
typedef float (*DFProcessFrame)(void *state, float *input, float *output);
typedef void (*DFFree)(void *state);

static int deepfilter(int argc, char **argv) {
    if (argc < 6) fail("deepfilter", "LIBRARY MODEL OUT_DIR IN.wav...");
    void *library = load(argv[2]);
    DFCreate create = (DFCreate)symbol(library, "df_create");
    DFFrameLength frame_length = (DFFrameLength)symbol(library, "df_get_frame_length");
    DFProcessFrame process = (DFProcessFrame)symbol(library, "df_process_frame");
    DFFree release = (DFFree)symbol(library, "df_free");
    for (int i = 5; i < argc; i++) {
        /* A new state a recording, the attenuation limit the daemon uses (100 dB). */
        void *state = create(argv[3], 100, NULL);
        if (!state) fail(argv[3], "df_create refused the model");
        size_t length = frame_length(state), delay = 3 * length, count;
        if (length == 0 || length > 4096) fail(argv[2], "an unexpected frame length");
        Audio audio = read_wav(argv[i]);
        float *high = up(&audio, delay + length, &count);
        size_t frames = count / length;
        float *cleaned = calloc(frames * length, sizeof *cleaned);
        for (size_t f = 0; f < frames; f++) {
            float frame[4096];
            for (size_t n = 0; n < length; n++) frame[n] = high[f * length + n] / 32768;
            process(state, frame, cleaned + f * length);
        }
        /* The model's delay (3 frames, DeepFilter.delayFrames) taken off. */
        int16_t *back = down(cleaned, frames * length, delay, 32768, audio.count);
        write_out(argv[4], argv[i], back, audio.count);
        release(state);
        free(back), free(cleaned), free(high), free(audio.samples);
    }
    return 0;
}

/* RNNoise's C API, as Audio/RNNoise.swift declares it. */
typedef void *(*RNCreate)(void *model);
typedef void (*RNDestroy)(void *state);
typedef float (*RNProcessFrame)(void *state, float *output, const float *input);
typedef int (*RNFrameSize)(void);

static int rnnoise(int argc, char **argv) {
    if (argc < 5) fail("rnnoise", "LIBRARY OUT_DIR IN.wav...");
    void *library = load(argv[2]);
    RNCreate create = (RNCreate)symbol(library, "rnnoise_create");
    RNDestroy destroy = (RNDestroy)symbol(library, "rnnoise_destroy");
    RNProcessFrame process = (RNProcessFrame)symbol(library, "rnnoise_process_frame");
    size_t length = (size_t)((RNFrameSize)symbol(library, "rnnoise_get_frame_size"))();
    for (int i = 4; i < argc; i++) {
        void *state = create(NULL);
        if (!state) fail(argv[2], "rnnoise_create failed");
        size_t count;
        Audio audio = read_wav(argv[i]);
        float *high = up(&audio, length, &count);
        size_t frames = count / length;
        float *cleaned = calloc(frames * length, sizeof *cleaned);
        /* In 16-bit units, as RNNoiseStream feeds it. */
        for (size_t f = 0; f < frames; f++) process(state, cleaned + f * length, high + f * length);
        int16_t *back = down(cleaned, frames * length, 0, 1, audio.count);
        write_out(argv[3], argv[i], back, audio.count);
        destroy(state);
        free(back), free(cleaned), free(high), free(audio.samples);
    }
    return 0;
}

/* PocketSphinx 0.8+5prealpha and sphinxbase, the calls Decoding/PocketSphinxDecoder.swift makes. */
typedef const void *(*PSArgs)(void);
typedef void *(*CmdLnParse)(void *config, const void *definitions, int32_t argc, char **argv, int32_t strict);
typedef void *(*PSInit)(void *config);
typedef int (*PSStartUtt)(void *decoder);
typedef int (*PSProcessRaw)(void *decoder, const int16_t *data, size_t count, int no_search, int full_utt);
typedef int (*PSEndUtt)(void *decoder);
typedef const char *(*PSGetHyp)(void *decoder, int32_t *score);

static int pocketsphinx(int argc, char **argv) {
    if (argc < 4) fail("pocketsphinx", "MODEL_DIR IN.wav...");
    void *library = load("libpocketsphinx.so.3");
    char hmm[4096], lm[4096], dict[4096];
    snprintf(hmm, sizeof hmm, "%s/en-us", argv[2]);
    snprintf(lm, sizeof lm, "%s/en-us.lm.bin", argv[2]);
    snprintf(dict, sizeof dict, "%s/cmudict-en-us.dict", argv[2]);
    char *flags[] = {"-hmm", hmm, "-lm", lm, "-dict", dict, "-logfn", "/dev/null"};
    void *config = ((CmdLnParse)symbol(library, "cmd_ln_parse_r"))(NULL, ((PSArgs)symbol(library, "ps_args"))(), 8, flags, 1);
    void *decoder = config ? ((PSInit)symbol(library, "ps_init"))(config) : NULL;
    if (!decoder) fail("pocketsphinx", "the stock en-us model did not load");
    PSStartUtt start = (PSStartUtt)symbol(library, "ps_start_utt");
    PSProcessRaw process = (PSProcessRaw)symbol(library, "ps_process_raw");
    PSEndUtt end = (PSEndUtt)symbol(library, "ps_end_utt");
    PSGetHyp hypothesis = (PSGetHyp)symbol(library, "ps_get_hyp");
    for (int i = 3; i < argc; i++) {
        Audio audio = read_wav(argv[i]);
        int32_t score = 0;
        /* The whole utterance at once (batch normalisation), as the recogniser decodes. */
        if (start(decoder) < 0 || process(decoder, audio.samples, audio.count, 0, 1) < 0 || end(decoder) < 0)
            fail(argv[i], "the decode failed");
        const char *text = hypothesis(decoder, &score);
        printf("%s\t%s\t%d\n", base_name(argv[i]), text ? text : "", score);
        free(audio.samples);
    }
    return 0;
}

/* espeak-ng 1.51's synchronous API, as Espeak/EspeakEngine.swift uses it. */
typedef int (*SynthCallback)(short *samples, int count, void *events);
typedef int (*ESInitialize)(int output, int buffer_length, const char *path, int options);
typedef void (*ESSetSynthCallback)(SynthCallback callback);
typedef int (*ESSetVoiceByName)(const char *name);
typedef int (*ESSynth)(const void *text, size_t size, unsigned position, int position_type, unsigned end_position,
                       unsigned flags, unsigned *unique_identifier, void *user_data);
enum { AUDIO_OUTPUT_SYNCHRONOUS = 2, INITIALIZE_DONT_EXIT = 0x8000, POS_CHARACTER = 1, CHARS_AUTO = 0 };

static FILE *speech;
static long spoken;

static int collect(short *samples, int count, void *events) {
    (void)events;
    if (samples && count > 0) {
        fwrite(samples, 2, (size_t)count, speech);
        spoken += count;
    }
    return 0;
}

static int espeak(int argc, char **argv) {
    if (argc != 4) fail("espeak", "TEXT OUT.raw");
    void *library = load("libespeak-ng.so.1");
    /* Its own architecture's espeak-ng-data, where the library looks by default. */
    int rate = ((ESInitialize)symbol(library, "espeak_Initialize"))(AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL, INITIALIZE_DONT_EXIT);
    if (rate <= 0 || ((ESSetVoiceByName)symbol(library, "espeak_SetVoiceByName"))("en-us") != 0)
        fail("espeak", "espeak-ng did not initialise with en-us");
    if (!(speech = fopen(argv[3], "wb"))) fail(argv[3], "cannot be written");
    ((ESSetSynthCallback)symbol(library, "espeak_SetSynthCallback"))(collect);
    if (((ESSynth)symbol(library, "espeak_Synth"))(argv[2], strlen(argv[2]) + 1, 0, POS_CHARACTER, 0, CHARS_AUTO, NULL, NULL))
        fail("espeak", "espeak_Synth failed");
    if (fclose(speech)) fail(argv[3], "cannot be written");
    printf("%d\t%ld\n", rate, spoken);
    return 0;
}

int main(int argc, char **argv) {
    make_low_pass();
    const char *part = argc > 1 ? argv[1] : "";
    if (!strcmp(part, "resample")) return resample(argc, argv);
    if (!strcmp(part, "deepfilter")) return deepfilter(argc, argv);
    if (!strcmp(part, "rnnoise")) return rnnoise(argc, argv);
    if (!strcmp(part, "pocketsphinx")) return pocketsphinx(argc, argv);
    if (!strcmp(part, "espeak")) return espeak(argc, argv);
    fail("usage", "resample | deepfilter | rnnoise | pocketsphinx | espeak (see the source's head)");
    return 2;
}
