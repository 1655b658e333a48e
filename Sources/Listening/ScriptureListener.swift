import Audio
import Support
import Course
import Decoding
import Foundation
import Hearing
import Scripture
import Vocabulary
import Normalisation

/// What `bible-course listen` and the daemon's listen mode make of free speech (a
/// sermon, a class, someone reading aloud): each utterance transcribed with the
/// Bible-domain language model (``Transcriber``), put through the transcript normaliser,
/// and the passages it names ("as it says in habakkuk two four") or quotes (the words of
/// a verse, ``QuotationIndex``). An utterance in which no passage is found is decoded
/// again with the Bible's model mixed with everyday English (``Transcriber/everyday(_:)``),
/// whose words are printed: the Bible's model alone hears "i'm going into business for
/// myself" as "in dominion division his for myself".
///
/// A recording (``transcribe(_:each:)``) or a stream (``feed(_:)``, ``finish()``); one
/// caller at a time.
public final class ScriptureListener {
    /// A passage heard, and how.
    public struct HeardReference: Hashable, Sendable {
        public enum How: String, Sendable { case named, quoted }
        public let reference: ScriptureReference
        public let how: How
        /// Named: how well the utterance's words fit its sound. Quoted: the share of the
        /// verse's words heard (``QuotationIndex/Quotation/coverage``), or for a verse found
        /// by its sound how well it reads against it (``confidence(readingScore:soundCheck:)``). 0-1.
        public let confidence: Double
    }

    /// One utterance: when, what was said (normalised) and the passages in it.
    public struct Heard: Hashable, Sendable {
        public let start: Double
        public let end: Double
        public let text: String
        public let references: [HeardReference]

        /// `{"file", "start", "end", "text", "references": [{"reference", "how",
        /// "confidence"}]}`, the file left out when nil (the microphone), the text when not
        /// `words`.
        public func jsonLine(file: String?, words: Bool = true) -> String {
            let references = references.map { heard in
                var line = JSONLine()
                line.add("reference", heard.reference.compact)
                line.add("how", heard.how.rawValue)
                line.add("confidence", heard.confidence, decimals: 3)
                return line
            }
            var line = JSONLine()
            if let file { line.add("file", file) }
            line.add("start", start, decimals: 2)
            line.add("end", end, decimals: 2)
            if words { line.add("text", text) }
            line.add("references", objects: references)
            return line.text
        }

        /// `[start-end] text  → Hab 2:4; John 3:16 (quoted)`.
        public var textLine: String {
            let names = references.map { $0.reference.compact + ($0.how == .quoted ? " (quoted)" : "") }
            return String(format: "[%.2f-%.2f] ", start, end) + text
                + (names.isEmpty ? "" : "  → " + names.joined(separator: "; "))
        }
    }

    private let transcriber: Transcriber
    private let normaliser: Normaliser?
    private let quotations: QuotationIndex?
    private let sounds: VerseSoundIndex?
    private let soundCheck: ListenTuning.SoundCheck

    /// - Parameters:
    ///   - normaliser: nil reads references from the words as heard.
    ///   - quotations: nil reports named passages only.
    ///   - sounds: the verses by the sound of their words, for a verse read in a noisy room
    ///     (nil: by their rare words).
    ///   - soundCheck: when a verse is found by its sound (``quotedBySound(_:text:)``).
    public init(transcriber: Transcriber, normaliser: Normaliser?, quotations: QuotationIndex?, sounds: VerseSoundIndex? = nil,
                soundCheck: ListenTuning.SoundCheck = ListenTuning.shipped.soundCheck) {
        self.sounds = sounds
        self.soundCheck = soundCheck
        self.transcriber = transcriber
        self.normaliser = normaliser
        self.quotations = quotations
    }

    /// The utterances of a recording, in order, each given to `each` as it ends; silent
    /// ones left out. The file is read a second at a time (``WAVReader``), so a sermon of an
    /// hour is never held whole and its first passages are printed while the rest is heard.
    public func transcribe(_ recording: WAVReader, each: (Heard) -> Void) throws {
        transcriber.reset()
        while true {
            let block = try recording.read(maxFrames: AudioFormat.sampleRate)
            if block.isEmpty { break }
            for heard in try feed(block) { each(heard) }
        }
        for heard in try finish() { each(heard) }
    }

    /// The utterances the next samples of a stream complete.
    public func feed(_ samples: [Int16]) throws(DecoderError) -> [Heard] {
        try transcriber.feed(samples).compactMap(interpret)
    }

    /// Ends a stream: the utterance still open, if any.
    public func finish() throws(DecoderError) -> [Heard] {
        try transcriber.finish().compactMap(interpret)
    }

    /// A verse whose words the recogniser mostly got wrong (a noisy room: a few of the
    /// verse's rarer words right, rarely three in a row, which ``QuotationIndex`` needs),
    /// found by the sound itself (``ListenTuning/SoundCheck``). The verses that sound most
    /// like the heard words (``VerseSoundIndex``; without one, those sharing most of their
    /// rare words (``QuotationIndex/Thresholds/candidatesByWords``), ``QuotationIndex/candidates(in:limit:)``), if the closest is close enough
    /// by sound (with a sound index), are read against the utterance's audio, each verse
    /// whole, every word in order, in one grammar and the closest each alone too
    /// (``Transcriber/bestReading(of:alone:in:)``); the verse read best is quoted if its
    /// reading scores well enough per frame against a free loop of phones. Ordinary speech
    /// sounds a little like some verse too, but forced onto a verse's words it scores far
    /// below the loop.
    private func quotedBySound(_ utterance: Transcriber.Utterance, text: String) -> HeardReference? {
        guard let quotations else { return nil }
        // A verse too short to be quoted by its sound is left out, so that it cannot take
        // the reading from one that can.
        let candidates = (sounds?.candidates(in: text, limit: soundCheck.candidates) ?? quotations.candidates(in: text))
            .filter { $0.words.count >= soundCheck.minimumWords }
        if sounds != nil, (candidates.first?.score ?? 0) < soundCheck.minimumSoundScore { return nil }
        guard let best = try? transcriber.bestReading(of: candidates.map(\.words), alone: soundCheck.readAlone, in: utterance),
              best.reading.scorePerFrame >= soundCheck.minimumReadingScore else { return nil }
        return HeardReference(reference: candidates[best.index].reference, how: .quoted,
                              confidence: Self.confidence(readingScore: best.reading.scorePerFrame, soundCheck: soundCheck))
    }

    /// A reading's score as a quotation's confidence, 0-1: 1 where the verse's words fit the
    /// sound as well as the free loop of phones, ``ListenTuning/SoundCheck/confidenceAtMinimumReadingScore``
    /// at the least score quoted (``ListenTuning/SoundCheck/minimumReadingScore``), linear between.
    static func confidence(readingScore: Double, soundCheck: ListenTuning.SoundCheck) -> Double {
        let drop = 1 - soundCheck.confidenceAtMinimumReadingScore
        return max(0, min(1, 1 + drop * readingScore / -soundCheck.minimumReadingScore))
    }

    /// What `utterance` says and names; nil when nothing was heard in it. Heard by the
    /// Bible's model first; when that finds no passage, the words are the everyday model's
    /// (``Transcriber/everyday(_:)``), and the passages it names.
    func interpret(_ utterance: Transcriber.Utterance) -> Heard? {
        defer { SpeechDecoders.returnFreedMemory() }
        guard !utterance.text.isEmpty else { return nil }
        let scripture = interpretAsScripture(utterance)
        guard scripture.references.isEmpty, let everyday = try? transcriber.everyday(utterance),
              !everyday.text.isEmpty else { return scripture }
        let normalised = normalise(everyday)
        return Heard(start: utterance.start, end: utterance.end, text: normalised.normalisedText,
                     references: normalised.references.map {
                         HeardReference(reference: $0, how: .named, confidence: everyday.confidence)
                     })
    }

    private func normalise(_ utterance: Transcriber.Utterance) -> NormalisedTranscript {
        normaliser?.normalise(utterance.text)
            ?? NormalisedTranscript(normalisedText: utterance.text, extractedTerms: [],
                                    references: ScriptureReference.find(in: utterance.text))
    }

    /// What the Bible's model heard in `utterance`, and the passages named or quoted.
    private func interpretAsScripture(_ utterance: Transcriber.Utterance) -> Heard {
        let normalised = normalise(utterance)
        var references = normalised.references.map {
            HeardReference(reference: $0, how: .named, confidence: utterance.confidence)
        }
        for quotation in quotations?.quotations(in: normalised.normalisedText) ?? []
        where !references.contains(where: { $0.reference.contains(quotation.reference) }) {
            references.append(HeardReference(reference: quotation.reference, how: .quoted, confidence: quotation.coverage))
        }
        if references.isEmpty, let quotation = quotedBySound(utterance, text: normalised.normalisedText) {
            references.append(quotation)
        }
        return Heard(start: utterance.start, end: utterance.end, text: normalised.normalisedText, references: references)
    }
}
