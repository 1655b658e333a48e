/// The PocketSphinx settings this project chooses, typed, in one place: each search that
/// needs a setting says so here rather than in flag strings merged at several call sites.
/// ``flags`` renders them for ``PocketSphinxDecoder``; a setting left at its default
/// renders nothing, so the library's own default stands.
public struct DecoderConfiguration: Hashable, Sendable {
    /// How each utterance's features are normalised (`-cmn`).
    public enum Normalisation: String, Hashable, Sendable {
        /// A running estimate carried from utterance to utterance (the library's default).
        case live
        /// Over the whole utterance, once it has ended: the decode waits for the end.
        case batch
    }

    /// `-cmn`.
    public var normalisation: Normalisation = .live
    /// Spectral noise subtraction in the front end (`-remove_noise`).
    public var removesNoise = true
    /// The library's own silence removal (`-remove_silence`); it keeps state from one
    /// decode to the next, so two decodes of the same audio would not see the same frames.
    public var removesSilence = true
    /// The n-gram search's lattice pass (`-bestpath`).
    public var latticePass = true
    /// Context-independent phones for a phone loop (`-allphone_ci`).
    public var contextIndependentPhoneLoop = false
    /// Every senone scored in every frame (`-compallsen`): decodes of different searches
    /// then score against the same per-frame baseline.
    public var scoresAllSenones = false
    /// The search's beams, when wider than the library's (`-beam`, `-pbeam`, `-wbeam`).
    public var beams: Beams?
    /// An MLLR transform of the acoustic model (`-mllr`), from a speaker adaptation.
    public var transform: String?
    /// Further flags by name, for experiments (`recognize --decoder-option`); they take
    /// precedence over the typed settings.
    public var experimental: [String: String] = [:]

    /// The beams of a search, as PocketSphinx takes them (probabilities, smaller is wider).
    public struct Beams: Hashable, Sendable {
        public var beam: Double
        public var phoneBeam: Double
        public var wordBeam: Double

        public init(beam: Double, phoneBeam: Double, wordBeam: Double) {
            self.beam = beam
            self.phoneBeam = phoneBeam
            self.wordBeam = wordBeam
        }
    }

    public init() {}

    /// The configuration as PocketSphinx flags (without the acoustic model, dictionary and log).
    public var flags: [String: String] {
        var flags: [String: String] = [:]
        if normalisation != .live { flags["-cmn"] = normalisation.rawValue }
        if !removesNoise { flags["-remove_noise"] = "no" }
        if !removesSilence { flags["-remove_silence"] = "no" }
        if !latticePass { flags["-bestpath"] = "no" }
        if contextIndependentPhoneLoop { flags["-allphone_ci"] = "yes" }
        if scoresAllSenones { flags["-compallsen"] = "yes" }
        if let beams {
            flags["-beam"] = "\(beams.beam)"
            flags["-pbeam"] = "\(beams.phoneBeam)"
            flags["-wbeam"] = "\(beams.wordBeam)"
        }
        if let transform { flags["-mllr"] = transform }
        return flags.merging(experimental) { _, experiment in experiment }
    }
}
