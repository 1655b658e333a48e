import Course
import Foundation
import Hearing
import Testing
import Intents
import SpeechFixtures

/// What the compiled model is for, shown on a few phrases in Piper's natural voice (take 0:
/// the same audio every run) through the real pipeline: it hears look-ups whose book names
/// the stock model cannot say, leaves conversation alone, and with noise suppression still
/// hears commands in a noisy room. Accuracy is measured on real recordings and Piper's
/// voice, against the plain grammar, by scripts/bench-recognition.sh.
@Suite("Recognition: the compiled model against the stock model, clean and in noise", .serialized)
struct RecognitionAccuracyTests {
    static let lookups: [(text: String, reference: String)] = [
        ("read habakkuk chapter two verse four", "Hab 2:4"),
        ("look up zephaniah three seventeen", "Zeph 3:17"),
        ("read ecclesiastes chapter three verse one", "Eccl 3:1"),
        ("turn to deuteronomy chapter six", "Deut 6"),
        ("read philippians chapter four verse thirteen", "Phil 4:13"),
        ("open nehemiah chapter eight", "Neh 8"),
    ]
    static let conversation = [
        "could you pass me the salt please", "the bus was late again this morning",
        "we should leave before the traffic gets bad", "remind me to buy milk",
        "in the beginning god created the heavens and the earth", "read the message to me",
    ]

    /// Every text the suite's tests say, made in one run of Piper.
    static func preparePiper() throws {
        try PiperVoice.prepare(lookups.map(\.text) + conversation + Command.allCases.map { $0.phrase.lowercased() })
    }

    /// How many of `phrases` the recogniser acted on as expected, and what else it did.
    static func heard(_ recognizer: Recognizer, _ phrases: [(audio: [Int16], expected: String?)]) throws -> (right: Int, acted: [String]) {
        var right = 0
        var acted: [String] = []
        for (audio, expected) in phrases {
            let got = RecordedSpeech.decision(try RecordedSpeech.recognize(audio, with: recognizer))?.intent.expectedForm
            if let expected, got == expected { right += 1 } else if let got { acted.append(got) }
            if let expected, got != expected { print("  \(expected): heard as \(got ?? "nothing")") }
        }
        return (right, acted)
    }

    @Test("the compiled model hears look-ups by book names the stock model cannot say, and acts on no conversation")
    func compiledAgainstStock() throws {
        try Self.preparePiper()
        let lookups = try Self.lookups.map { (try PiperVoice.audio($0.text), Optional($0.reference)) }
        let conversation = try Self.conversation.map { (try PiperVoice.audio($0), String?.none) }
        // The models compared, not the front ends: with a stream cleaner the endpointer cuts
        // clean speech a frame apart, and the language model's decode of Philippians 4:13
        // turns on it ("verse thirty"). Front ends are compared on 30 held-out look-ups by
        // scripts/bench-recognition.sh (docs/measurements/2026-11-28-deepfilter-default.md).
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        settings.denoiser = .webrtc
        let grammar = try Recognizer(compiled: TestModel.compiled(), settings: settings)
        let compiled = try Self.heard(grammar, lookups)
        let stock = try Self.heard(TestModel.recognizer(nil), lookups)
        let talk = try Self.heard(grammar, conversation)
        print("look-ups heard right: compiled \(compiled.right)/\(lookups.count), stock \(stock.right)/\(lookups.count); "
              + "conversation acted on: \(talk.acted)")
        // Measured: compiled 4 of 6, stock 0 of 6. The command decision turns away
        // Ecclesiastes 3:1 (the language model heard "read ecclesiastes out after eat birth
        // one": the grammar's sentence fits far better, but is 4 words away) and Nehemiah 8
        // (confidence 0.313, just under the threshold); with the grammar recheck's rules
        // before it, 5 of 6 (docs/measurements/2026-11-26-command-decision.md: clean
        // look-ups 24 -> 23 of 26 on the measured half).
        #expect(compiled.right >= 4, "compiled: \(compiled)")
        #expect(stock.right <= 1, "stock: \(stock)")
        #expect(talk.acted.isEmpty)
    }

    /// The noise rooms make: pink noise (a fan, a television's hiss) or real rooms' recordings
    /// (Speech Commands' dishes, running tap, exercise bike ...).
    enum Room: String, CaseIterable, CustomStringConvertible {
        case pink, recorded
        var description: String { rawValue }
        func mixed(_ speech: [Int16], snr: Double) throws -> [Int16] {
            switch self {
            case .pink: return TestNoise.mixed(speech, snr: snr)
            case .recorded: return try RoomNoise.mixed(speech, snr: snr)
            }
        }
    }

    @Test("in a room's noise at 5 dB, noise suppression brings commands and look-ups back, and conversation stays unanswered",
          arguments: Room.allCases)
    func noiseSuppression(room: Room) throws {
        try Self.preparePiper()
        let phrases = try Command.allCases.map { (try room.mixed(try PiperVoice.audio($0.phrase.lowercased()), snr: 5), Optional($0.id)) }
            + Self.lookups.map { (try room.mixed(try PiperVoice.audio($0.text), snr: 5), Optional($0.reference)) }
        let conversation = try Self.conversation.map { (try room.mixed(try PiperVoice.audio($0), snr: 5), String?.none) }
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        settings.tuning.noise.suppressBelowDecibels = 0
        let plain = try Self.heard(Recognizer(compiled: TestModel.compiled(), settings: settings), phrases)
        settings.tuning.noise.suppressBelowDecibels = RecognitionSettings().tuning.noise.suppressBelowDecibels
        let recognizer = try Recognizer(compiled: TestModel.compiled(), settings: settings)
        let suppressed = try Self.heard(recognizer, phrases)
        let talk = try Self.heard(recognizer, conversation)
        print("\(room) noise, 5 dB: heard right without suppression \(plain.right)/\(phrases.count), with \(suppressed.right)/\(phrases.count); "
              + "conversation acted on: \(talk.acted)")
        // Measured with WebRTC's suppressor, heard right without suppression and with it: pink
        // noise 0 and 7 of 13 (libspeexdsp's: 7; 6 since the short question openings joined
        // the command model), recorded rooms 2 and 7; with DeepFilterNet3 (the default since
        // 2026-11-28) pink noise 1 and 9, recorded rooms 2 and 7, no conversation acted on.
        // Thirteen phrases tell little: scripts/bench-recognition.sh measures the front ends.
        #expect(suppressed.right >= plain.right + 4, "suppressed \(suppressed), plain \(plain)")
        if room == .recorded {
            // Open (issue 11, near-misses in noise): at 5 dB of these recordings one of the
            // sentences (not one of the commands) is taken for READ_PASSAGE, after
            // libspeexdsp's suppressor too.
            withKnownIssue("a near-miss acted on at 5 dB of a recorded room", isIntermittent: true) {
                #expect(talk.acted.isEmpty)
            }
        } else {
            #expect(talk.acted.isEmpty)
        }
    }
}
