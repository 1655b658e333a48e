import Support
import Course
import Foundation
import Recognition
import Scripture
import Vocabulary

/// What `bible-course listen` and the daemon's listen mode make of free speech (a
/// sermon, a class, someone reading aloud): each utterance transcribed with the
/// Bible-domain language model (``Transcriber``), put through the transcript normaliser,
/// and the passages it names ("as it says in habakkuk two four") or quotes (the words of
/// a verse, ``QuotationIndex``). An utterance in which no passage is found is decoded
/// again with the Bible's model mixed with everyday English (``Transcriber/everyday(_:)``),
/// whose words are printed: the Bible's model alone hears "i'm going into business for
/// myself" as "in dominion division his for myself".
///
/// A recording at once (``transcribe(_:)``) or a stream (``feed(_:)``, ``finish()``); one
/// caller at a time.
public final class ScriptureListener {
    /// A passage heard, and how.
    public struct HeardReference: Hashable, Sendable {
        public enum How: String, Sendable { case named, quoted }
        public let reference: ScriptureReference
        public let how: How
        /// Named: how well the utterance's words fit its sound. Quoted: the share of the
        /// verse's words heard (``QuotationIndex/Quotation/coverage``), or for a verse found
        /// by its sound how well it reads against it (``confidence(readingScore:)``). 0-1.
        public let confidence: Double
    }

    /// One utterance: when, what was said (normalised) and the passages in it.
    public struct Heard: Hashable, Sendable {
        public let start: Double
        public let end: Double
        public let text: String
        public let references: [HeardReference]

        /// `{"file", "start", "end", "text", "references": [{"reference", "how",
        /// "confidence"}]}`, the file left out when nil (the microphone).
        public func jsonLine(file: String?) -> String {
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
            line.add("text", text)
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

    /// - Parameters:
    ///   - normaliser: nil reads references from the words as heard.
    ///   - quotations: nil reports named passages only.
    ///   - sounds: the verses by the sound of their words, for a verse read in a noisy room
    ///     (nil: by their rare words).
    public init(transcriber: Transcriber, normaliser: Normaliser?, quotations: QuotationIndex?, sounds: VerseSoundIndex? = nil) {
        self.sounds = sounds
        self.transcriber = transcriber
        self.normaliser = normaliser
        self.quotations = quotations
    }

    /// The utterances of a whole recording (16 kHz mono), in order; silent ones left out.
    public func transcribe(_ samples: [Int16]) throws(RecognizerError) -> [Heard] {
        try transcriber.transcribe(samples).compactMap(interpret)
    }

    /// The utterances the next samples of a stream complete.
    public func feed(_ samples: [Int16]) throws(RecognizerError) -> [Heard] {
        try transcriber.feed(samples).compactMap(interpret)
    }

    /// Ends a stream: the utterance still open, if any.
    public func finish() throws(RecognizerError) -> [Heard] {
        try transcriber.finish().compactMap(interpret)
    }

    /// A verse whose words the recogniser mostly got wrong (a noisy room: a few of the
    /// verse's rarer words right, rarely three in a row, which ``QuotationIndex`` needs),
    /// found by the sound itself. The ``soundCandidates`` verses that sound most like the
    /// heard words (``VerseSoundIndex``; without one, the five sharing most of their rare
    /// words, ``QuotationIndex/candidates(in:limit:)``), if the closest is at least
    /// ``minimumSoundScore`` by sound (with a sound index), are read against the utterance's audio, each verse
    /// whole, every word in order, in one grammar and the closest ``readAlone`` each alone
    /// too (``Transcriber/bestReading(of:alone:in:)``); the verse read best is quoted if its
    /// reading scores at least ``minimumReadingScore`` per frame against a free loop of
    /// phones.
    /// Ordinary speech sounds a little like some verse too, but forced onto a verse's words
    /// it scores far below the loop.
    ///
    /// Measured with `listen` on `scripts/bench-listen.sh`'s 200 verses read by Piper at
    /// 10 dB of real room noise, 100 more of another seed (held out), and every Common Voice
    /// and AN4 recording (1,178 real people's utterances), against the rule it replaced (a
    /// decode of the candidates with words left out, then the verse it followed decoded
    /// alone with every word optional and quoted when two thirds of its words and 10 were
    /// kept): verses identified 119 -> 137 of 200 and 50 -> 64 of 100 (taken for another
    /// verse 5 and 1); real recordings taken for a verse by their sound 0 -> 1 (an AN4
    /// speaker's spelled name read as Acts 7:1 at -29.8 per frame; the next real one -34.8).
    /// The readings' wider beams (``Transcriber/readingBeams``) then took verses identified
    /// to 144 of 200 and 73 of 100 (same session, same files, the build before as the
    /// baseline: 137 and 64); of the 1,193 utterances of the same real recordings one was
    /// taken by its sound (an AN4 speaker's "he they asked the he enter the" read as John
    /// 9:12 at -25.3; the next -32.6), where the build before took none in that session.
    private func quotedBySound(_ utterance: Transcriber.Utterance, text: String) -> HeardReference? {
        guard let quotations else { return nil }
        // A verse shorter than ``minimumWords`` is never quoted by its sound: left out, so
        // that it cannot take the reading from one that can.
        let candidates = (sounds?.candidates(in: text, limit: Self.soundCandidates) ?? quotations.candidates(in: text))
            .filter { $0.words.count >= Self.minimumWords }
        if sounds != nil, (candidates.first?.score ?? 0) < Self.minimumSoundScore { return nil }
        guard let best = try? transcriber.bestReading(of: candidates.map(\.words), alone: Self.readAlone, in: utterance),
              best.reading.scorePerFrame >= Self.minimumReadingScore else { return nil }
        return HeardReference(reference: candidates[best.index].reference, how: .quoted,
                              confidence: Self.confidence(readingScore: best.reading.scorePerFrame))
    }

    /// See ``quotedBySound(_:text:)``: how many verses that sound like the words heard are
    /// read against the sound. With 30, `listen`'s peak RSS on the bench's noisy verses is
    /// 141-145 MB (limit 150; 145 with the readings' wider beams).
    static let soundCandidates = 30
    /// ... how close by sound (``VerseSoundIndex``'s score) the closest must be for them to
    /// be read at all: the readings are the dearest decodes `listen` makes. On the bench's
    /// noisy verses every one whose verse was among the candidates had 5 or more; of the
    /// 544 real recordings that reached the check, 297 had less ...
    static let minimumSoundScore = 5.0
    /// ... how many of them, closest by sound first, are also read each alone ...
    static let readAlone = 2
    /// ... how well (per 10 ms frame, against the free loop of phones) the best reading must
    /// score ...
    static let minimumReadingScore = -32.0
    /// ... and how many words a verse needs to be quoted by its sound: a short verse
    /// ("Little children, keep yourselves from idols") fits a short sentence by chance.
    /// Measured at 8 (the bench's shortest verses): 4 more of the 200 noisy verses
    /// identified, but 5 of 1,193 real utterances taken for a verse rather than 1 (an AN4
    /// speaker's "this day be he asked" read as Num 31:15 at -24.3 per frame, within the
    /// -13.6 to -26.6 of the 4 verses gained).
    static let minimumWords = 10

    /// A reading's score as a quotation's confidence, 0-1: 1 where the verse's words fit the
    /// sound as well as the free loop of phones, 0.5 at ``minimumReadingScore``.
    static func confidence(readingScore: Double) -> Double {
        max(0, min(1, 1 + 0.5 * readingScore / -minimumReadingScore))
    }

    /// What `utterance` says and names; nil when nothing was heard in it. Heard by the
    /// Bible's model first; when that finds no passage, the words are the everyday model's
    /// (``Transcriber/everyday(_:)``), and the passages it names.
    func interpret(_ utterance: Transcriber.Utterance) -> Heard? {
        defer { PocketSphinxDecoder.returnFreedMemory() }
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
