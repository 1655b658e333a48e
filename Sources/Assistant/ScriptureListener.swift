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
        /// verse's words heard (``QuotationIndex/Quotation/coverage``). 0-1.
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
                line.add("confidence", (heard.confidence * 1000).rounded() / 1000)
                return line.text
            }
            var line = JSONLine()
            if let file { line.add("file", file) }
            line.add("start", (start * 100).rounded() / 100)
            line.add("end", (end * 100).rounded() / 100)
            line.add("text", text)
            return String(line.text.dropLast()) + ", \"references\": [" + references.joined(separator: ", ") + "]}"
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
    /// words, ``QuotationIndex/candidates(in:limit:)``) are decoded against the utterance's
    /// audio in one grammar (``Transcriber/follows(_:in:)``); the verse the sound follows is
    /// decoded again alone, as a grammar of its words in order (``Transcriber/fit(_:to:)``),
    /// and quoted if the sound keeps at least ``minimumWordsKept`` of its words and
    /// ``minimumWordsKeptCount``. Ordinary speech sounds a little like some verse too, but
    /// its sound does not carry the rest of it.
    ///
    /// Measured with `listen` on `scripts/bench-listen.sh`'s 200 verses read by Piper at
    /// 10 dB of real room noise, 100 more of another seed, and every Common Voice and AN4
    /// recording (1,178 real people's utterances), against the rare words' five candidates
    /// each fitted alone (kept 60% and 8 words): verses identified 85 -> 111 of 200 (4 -> 5
    /// taken for another verse) and 40 -> 56 of 100 (4 -> 7); real recordings taken for a
    /// verse by their sound 0 -> 0. At 60% and 8 words the sounds' candidates took 6 real
    /// recordings (2 Common Voice, 4 AN4) and 12 noisy verses for others (formulaic
    /// verses: "and the word of the lord came to me saying").
    private func quotedBySound(_ utterance: Transcriber.Utterance, text: String) -> HeardReference? {
        guard let quotations else { return nil }
        let candidates: [QuotationIndex.Candidate]
        if let sounds {
            // A verse shorter than the words the sound must keep can never be quoted: left
            // out, so that it cannot take the decode from one that can.
            let found = sounds.candidates(in: text, limit: Self.soundCandidates)
                .filter { $0.words.count >= Self.minimumWordsKeptCount }
            guard let index = try? transcriber.follows(found.map(\.words), in: utterance) else { return nil }
            candidates = [found[index]]
        } else {
            candidates = quotations.candidates(in: text)
        }
        var best: (reference: ScriptureReference, kept: Double)?
        for candidate in candidates {
            guard let fit = try? transcriber.fit(candidate.words, to: utterance) else { continue }
            let kept = Double(fit.wordsKept) / Double(candidate.words.count)
            guard fit.wordsKept >= Self.minimumWordsKeptCount, kept >= Self.minimumWordsKept else { continue }
            if kept > best?.kept ?? 0 { best = (candidate.reference, kept) }
        }
        return best.map { HeardReference(reference: $0.reference, how: .quoted, confidence: $0.kept) }
    }

    /// See ``quotedBySound(_:text:)``: how many verses that sound like the words heard are
    /// weighed against the sound. With 30, `listen`'s peak RSS on the bench's noisy verses
    /// went 131 -> 142 MB (limit 150); fewer was not measured with this grammar.
    static let soundCandidates = 30
    /// ... the share of the verse's words the sound must keep ...
    static let minimumWordsKept = 0.65
    /// ... and how many at least: a short verse ("Little children, keep yourselves from
    /// idols") is half kept by chance (a Common Voice sentence was taken for 1 John 5:21;
    /// AN4's spoken numbers and names for verses of 13-14 words when 8 were enough).
    static let minimumWordsKeptCount = 10

    /// What `utterance` says and names; nil when nothing was heard in it. Heard by the
    /// Bible's model first; when that finds no passage, the words are the everyday model's
    /// (``Transcriber/everyday(_:)``), and the passages it names.
    func interpret(_ utterance: Transcriber.Utterance) -> Heard? {
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
