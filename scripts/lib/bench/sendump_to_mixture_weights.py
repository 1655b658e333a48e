#!/usr/bin/env python3
"""Writes the mixture_weights file that SphinxTrain's bw needs from the `sendump` that
Debian's pocketsphinx-en-us ships instead (8-bit quantised -log weights, as PocketSphinx's
ptm_mgau.c reads them: weight = exp(-q * 1024 * ln 1.0001)).

    python3 -m bench.sendump_to_mixture_weights MODEL/sendump MODEL/mixture_weights
"""
import array, math, struct, sys


def convert(src, dst):
    """Reads SRC (sendump) and writes DST (mixture_weights)."""
    f = open(src, 'rb')
    def i32(): return struct.unpack('<i', f.read(4))[0]
    n = i32(); title = f.read(n)
    n = i32(); header = f.read(n)
    info = {}
    while True:
        n = i32()
        if n == 0: break
        line = f.read(n).rstrip(b'\0').decode()
        k, _, v = line.partition(' '); info[k] = v
    n_clust = int(info.get('cluster_count', 0)); n_bits = int(info.get('cluster_bits', 8))
    if n_clust == 0:
        r = i32(); c = i32()
    else:
        raise SystemExit('clustered sendump not supported')
    n_feat = int(info.get('feature_count', 1)); n_density = r; n_sen = c
    data = f.read()
    assert len(data) == n_feat * n_density * n_sen, (len(data), n_feat, n_density, n_sen)
    # q = -log_{1.0001}(p) >> 10  =>  p = exp(-q * 1024 * ln(1.0001))
    k = 1024 * math.log(1.0001)
    out = open(dst, 'wb')
    out.write(b's3\nversion 1.0\nendhdr\n')
    out.write(struct.pack('<I', 0x11223344))
    out.write(struct.pack('<iiii', n_sen, n_feat, n_density, n_sen * n_feat * n_density))
    vals = array.array('f', [0.0]) * (n_sen * n_feat * n_density)
    for fe in range(n_feat):
        for d in range(n_density):
            base = (fe * n_density + d) * n_sen
            for s in range(n_sen):
                vals[(s * n_feat + fe) * n_density + d] = math.exp(-data[base + s] * k)
    out.write(vals.tobytes())
    out.close()
    f.close()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    convert(sys.argv[1], sys.argv[2])
