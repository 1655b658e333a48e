import Audio
import CPocketSphinx
import Foundation

/// One PocketSphinx decoder: the acoustic model, a pronunciation dictionary and named
/// searches (grammars, a language model) of which one is active at a time.
///
/// Owns the C decoder and its configuration and frees them in `deinit`. Not thread-safe:
/// use it from one task or thread at a time. Searches may only change between utterances.
public final class PocketSphinxDecoder {
    private let decoder: OpaquePointer
    private let config: OpaquePointer
    /// Sample rate the acoustic model expects.
    public static let sampleRate = AudioFormat.sampleRate

    /// Default locations of Debian's `pocketsphinx-en-us`.
    public static let defaultModelDirectory = "/usr/share/pocketsphinx/model/en-us"
    public static var defaultAcousticModel: String { defaultModelDirectory + "/en-us" }
    public static var defaultDictionary: String { defaultModelDirectory + "/cmudict-en-us.dict" }
    public static var defaultLanguageModel: String { defaultModelDirectory + "/en-us.lm.bin" }
    /// The phone bigram model of the free phone loop (``setPhoneLoop(_:path:)``).
    public static var defaultPhoneLanguageModel: String { defaultModelDirectory + "/en-us-phone.lm.bin" }

    /// Starts a decoder with `configuration`; the library's log goes to `logFile`
    /// (default: nowhere).
    public init(
        acousticModel: String = PocketSphinxDecoder.defaultAcousticModel,
        dictionary: String,
        configuration: DecoderConfiguration = DecoderConfiguration(),
        logFile: String = "/dev/null"
    ) throws(DecoderError) {
        _ = Self.largeBlocksReturned
        guard FileManager.default.fileExists(atPath: acousticModel) else {
            throw .missingFile(what: "acoustic model", path: acousticModel)
        }
        guard FileManager.default.fileExists(atPath: dictionary) else {
            throw .missingFile(what: "pronunciation dictionary", path: dictionary)
        }
        var arguments = ["-hmm", acousticModel, "-dict", dictionary, "-logfn", logFile]
        for (key, value) in configuration.flags.sorted(by: { $0.key < $1.key }) { arguments += [key, value] }
        let argv = arguments.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = argv
        guard let config = pointers.withUnsafeMutableBufferPointer({ buffer in
            cmd_ln_parse_r(nil, ps_args(), Int32(buffer.count), buffer.baseAddress, 1)
        }) else {
            throw .configuration(arguments.joined(separator: " "))
        }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw .initialisation("ps_init returned nothing; see the log (\(logFile))")
        }
        self.config = config
        self.decoder = decoder
    }

    /// Set once, before the first decoder: blocks of 128 KiB or more are taken from and
    /// given back to the system directly. By default glibc raises that threshold to the
    /// largest block freed so far and keeps freed blocks for reuse, so a decoder that builds
    /// large search structures per utterance (`listen`'s domain model, the grammars of its
    /// sound checks) holds its high-water mark
    /// (docs/measurements/2026-11-27-from-doc-comments.md).
    private static let largeBlocksReturned: Bool = mallopt(M_MMAP_THRESHOLD, 128 * 1024) == 1

    /// Gives the pages of freed smaller blocks back to the system (`malloc_trim`). A
    /// long-running `listen` builds and frees search structures for every utterance (its
    /// readings' decoders, the language model swapped in and out), and the holes they
    /// leave in the heap stayed resident (docs/measurements/2026-11-26-listen.md).
    public static func returnFreedMemory() {
        _ = malloc_trim(0)
    }

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    // MARK: - Searches

    /// Adds (or replaces) a JSGF grammar search. Every word must be in the dictionary.
    public func setGrammar(_ name: String, jsgf: String) throws(DecoderError) {
        let replacesActive = activeSearch == name
        guard ps_set_jsgf_string(decoder, name, jsgf) == 0 else {
            throw .search(name: name, reason: "the grammar was refused (a word missing from the dictionary, or a syntax error)")
        }
        if replacesActive { try reactivate(name) }
    }

    /// The library frees the search a new one of the same name replaces but still points
    /// at it as the active one: point it at the new search.
    private func reactivate(_ name: String) throws(DecoderError) {
        guard ps_set_search(decoder, name) == 0 else {
            active = nil
            throw .search(name: name, reason: "the new grammar could not be made active")
        }
    }

    /// Adds (or replaces) a grammar search from a finite-state grammar in PocketSphinx's
    /// text format (`FSG_BEGIN` ... `FSG_END`: states, and transitions with a probability
    /// and a word, or none), for networks JSGF would spell only at great cost.
    public func setFiniteStateGrammar(_ name: String, text: String) throws(DecoderError) {
        let replacesActive = activeSearch == name
        var bytes = Array(text.utf8)
        let weight = Float(cmd_ln_float_r(config, "-lw"))
        let model: UnsafeMutablePointer<fsg_model_t>? = bytes.withUnsafeMutableBytes { buffer in
            guard let file = fmemopen(buffer.baseAddress, buffer.count, "r") else { return nil }
            defer { fclose(file) }
            return fsg_model_read(file, ps_get_logmath(decoder), weight)
        }
        guard let model else { throw .search(name: name, reason: "the finite-state grammar was refused") }
        defer { fsg_model_free(model) }
        guard ps_set_fsg(decoder, name, model) == 0 else {
            throw .search(name: name, reason: "the finite-state grammar was refused (a word missing from the dictionary?)")
        }
        if replacesActive { try reactivate(name) }
    }

    /// Adds (or replaces) an n-gram language model search from a file.
    public func setLanguageModel(_ name: String, path: String) throws(DecoderError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(what: "language model", path: path) }
        guard ps_set_lm_file(decoder, name, path) == 0 else {
            throw .search(name: name, reason: "language model \(path) was refused")
        }
    }

    /// Frees search `name` (not the active one, which stays).
    public func removeSearch(_ name: String) {
        guard active != name else { return }
        ps_unset_search(decoder, name)
    }

    /// Adds (or replaces) a free phone loop search over a phonetic language model.
    public func setPhoneLoop(_ name: String, path: String) throws(DecoderError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingFile(what: "phone language model", path: path) }
        guard ps_set_allphone_file(decoder, name, path) == 0 else {
            throw .search(name: name, reason: "phone model \(path) was refused")
        }
    }

    /// Makes `name` the active search. Only between utterances.
    public func activate(_ name: String) throws(DecoderError) {
        if active == name { return }
        guard ps_set_search(decoder, name) == 0 else { throw .search(name: name, reason: "no such search") }
        active = name
    }

    /// The active search's name (the one last made active here). Kept here rather than
    /// asked of the library, whose `ps_get_search` leaks a little on every call.
    public var activeSearch: String? { active }
    private var active: String?

    /// Adds a word to the dictionary at run time (`phones` in ARPAbet, "HH AE B AH K AH K").
    public func addWord(_ word: String, phones: String) throws(DecoderError) {
        guard ps_add_word(decoder, word, phones, 1) >= 0 else {
            throw .configuration("word \(word) with phones \(phones) (an unknown phone?)")
        }
    }

    /// True when `word` is in the dictionary (a grammar may only use such words).
    public func knows(_ word: String) -> Bool {
        guard let phones = ps_lookup_word(decoder, word) else { return false }
        free(phones)
        return true
    }

    // MARK: - Decoding

    /// Resets the feature normalisation, so the next utterance does not depend on the
    /// ones before it. The daemon keeps the adaptation; tests and file decoding reset.
    public func resetAdaptation() throws(DecoderError) {
        guard ps_start_stream(decoder) == 0 else { throw .decoding("ps_start_stream failed") }
    }

    /// Begins an utterance; feed it with ``process(_:)``, close it with ``endUtterance()``.
    public func startUtterance() throws(DecoderError) {
        guard ps_start_utt(decoder) == 0 else { throw .decoding("ps_start_utt failed") }
    }

    /// Decodes more samples of the current utterance (16 kHz mono, signed 16-bit).
    public func process(_ samples: UnsafeBufferPointer<Int16>) throws(DecoderError) {
        guard let base = samples.baseAddress, samples.count > 0 else { return }
        guard ps_process_raw(decoder, base, samples.count, 0, 0) >= 0 else {
            throw .decoding("ps_process_raw failed")
        }
    }

    /// `wholeUtterance` says these are all the utterance's samples, which batch
    /// normalisation (`-cmn batch`) needs.
    public func process(_ samples: [Int16], wholeUtterance: Bool = false) throws(DecoderError) {
        let status = samples.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { ps_process_raw(decoder, $0, buffer.count, 0, wholeUtterance ? 1 : 0) } ?? 0
        }
        guard status >= 0 else { throw .decoding("ps_process_raw failed") }
    }

    /// Ends the utterance and returns the best hypothesis.
    public func endUtterance() throws(DecoderError) -> Hypothesis {
        guard ps_end_utt(decoder) == 0 else { throw .decoding("ps_end_utt failed") }
        return hypothesis()
    }

    /// Decodes a whole utterance in one call, its features normalised over the utterance
    /// itself (with `-cmn batch`). Fed in blocks, sphinxbase switches the decoder to live
    /// normalisation for good, with a running mean that every decode moves, and fewer
    /// words are heard right. The front end is not started afresh for each utterance: its
    /// noise and silence estimates carry on, as a room's noise does
    /// (docs/measurements/2026-11-27-from-doc-comments.md).
    public func decode(_ samples: [Int16]) throws(DecoderError) -> Hypothesis {
        try startUtterance()
        do {
            try process(samples, wholeUtterance: true)
            return try endUtterance()
        } catch {
            // Close the utterance, or the decoder refuses every search change and utterance after.
            _ = ps_end_utt(decoder)
            throw error
        }
    }

    private func hypothesis() -> Hypothesis {
        var score: Int32 = 0
        let text = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
        var segments: [Hypothesis.Segment] = []
        var iterator = ps_seg_iter(decoder)
        while let segment = iterator {
            var start: Int32 = 0, end: Int32 = 0, acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            ps_seg_frames(segment, &start, &end)
            _ = ps_seg_prob(segment, &acoustic, &language, &backoff)
            let word = ps_seg_word(segment).map { String(cString: $0) } ?? ""
            segments.append(.init(word: word, startFrame: Int(start), endFrame: Int(end),
                                  acousticScore: Int(acoustic), languageScore: Int(language)))
            iterator = ps_seg_next(segment)
        }
        return Hypothesis(text: text, score: Int(score), segments: segments, frames: Int(ps_get_n_frames(decoder)))
    }
}
