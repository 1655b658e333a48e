import Support
import Hearing
import Intents
import Scripture
import Testing

/// The command decision as a table: what the command language model and the plain grammar
/// heard in, act or not out. No audio: the features are what such decodes give.
@Suite("Command decision")
struct CommandDecisionTests {
    static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    /// Features of decodes where the grammar's words fit `against` per frame relative to
    /// the model's (0: as well), at `snr` dB.
    static func decide(sentence: String, heard: String, heardIsSentence: Bool = false, against: Double = 0,
                       snr: Double? = 30) -> CommandDecision {
        let sentence = words(sentence), heard = words(heard)
        let features = CommandFeatures(
            wordsAgainstModel: against, wholeAgainstModel: against,
            closestRunDistance: Double(EditDistance.toClosestRun(of: sentence, in: heard)) / Double(sentence.count),
            distance: Double(EditDistance.levenshtein(heard, sentence, limit: heard.count + sentence.count)) / Double(sentence.count),
            signalToNoise: snr, extraWords: Double(max(0, heard.count - sentence.count)))
        return CommandDecision(features: features, sentence: sentence, heard: heard, heardIsSentence: heardIsSentence,
                               model: HearingTuning.shipped.commandConfidence)
    }

    @Test("both decodes hear the same command: it is acted on, clean or in noise", arguments: [30.0, 12, 6])
    func agreement(snr: Double) {
        let decision = Self.decide(sentence: "read the passage", heard: "read the passage", heardIsSentence: true, snr: snr)
        #expect(decision.intent == .command(.readPassage) && decision.takesGrammar, "\(decision)")
    }

    @Test("a noise heard as a word at the edge of a look-up does not turn it away", arguments: [
        "be read john chapter three verse sixteen", "read john chapter three verse sixteen and",
    ])
    func noiseAtTheEdges(heard: String) {
        let decision = Self.decide(sentence: "read john chapter three verse sixteen", heard: heard, snr: 12)
        guard case .lookup(let reference) = decision.intent else {
            Issue.record("not a look-up: \(decision)")
            return
        }
        #expect(reference.compact == "John 3:16", "\(decision)")
    }

    @Test("when the plain grammar goes astray in noise, the model's own sentence of the grammar is acted on")
    func modelHeardTheSentence() {
        let decision = Self.decide(sentence: "read acts two eight", heard: "read the passage", heardIsSentence: true,
                                   against: 9, snr: 6)
        #expect(decision.intent == .command(.readPassage) && !decision.takesGrammar, "\(decision)")
    }

    @Test("what the model heard as other words is not forced onto a command", arguments: [
        ("begin the lesson", "begin the dishes"),
        ("read the passage", "could you pass me the salt please"),
        ("end the lesson", "i think the kettle has boiled"),
    ])
    func otherWords(sentence: String, heard: String) {
        let decision = Self.decide(sentence: sentence, heard: heard, against: -12)
        #expect(!decision.intent.isAccepted && !decision.takesGrammar, "\(decision)")
        #expect(decision.confidence < HearingTuning.shipped.commandConfidence.threshold)
    }

    @Test("the grammar hearing nothing is nothing heard, or not a command when the model heard words")
    func noSentence() {
        let model = HearingTuning.shipped.commandConfidence
        let nothing = CommandDecision(features: nil, sentence: [], heard: [], heardIsSentence: false, model: model)
        #expect(nothing.intent == .rejected(.nothingHeard))
        let talk = CommandDecision(features: nil, sentence: [], heard: ["hello"], heardIsSentence: false, model: model)
        #expect(talk.intent == .rejected(.notACommand) && !talk.takesGrammar)
    }

    @Test("a confident look-up of a passage that does not exist is said so, not read")
    func noSuchPassage() {
        let decision = Self.decide(sentence: "read jude chapter four", heard: "read jude chapter four", heardIsSentence: true)
        guard case .rejected(.invalidReference) = decision.intent else {
            Issue.record("\(decision)")
            return
        }
        #expect(decision.takesGrammar)
    }

    @Test("an unmeasured signal-to-noise ratio counts as the cleanest; the ratio is clipped to its range")
    func signalToNoiseIsClipped() {
        let range = CommandConfidence.signalToNoiseRange
        let make = { (snr: Double?) in
            CommandFeatures(wordsAgainstModel: 0, wholeAgainstModel: 0, closestRunDistance: 0, distance: 0,
                            signalToNoise: snr, extraWords: 0).signalToNoise
        }
        #expect(make(nil) == range.upperBound && make(.infinity) == range.upperBound)
        #expect(make(-30) == range.lowerBound && make(12) == 12)
    }

    @Test("a look-up is read only when both decodes name the same passage", arguments: [
        ("read john chapter three verse sixteen", "read john chapter three verse sixteen", "John 3:16"),
        ("read john chapter three verse sixteen", "be read john chapter three verse sixteen", "John 3:16"),
        ("read john chapter three verse sixteen", "read john chapter three verse fifteen", nil),
        ("read john chapter three verse sixteen", "read joel chapter three verse sixteen", nil),
        ("open romans chapter five", "open romans chapter nine", nil),
        // The model heard a rare book's name as everyday words, and the place as the grammar did.
        ("read first corinthians chapter sixteen verse two", "read first current the in chapter sixteen verse two", "1Cor 16:2"),
        ("look up zephaniah chapter three verse eighteen", "look up the minute chapter three verse eighteen", "Zeph 3:18"),
        ("read ezra chapter one verse seven", "read esther chapter one verse seven", nil),
        ("read first corinthians chapter sixteen verse two", "look up first current chapter sixteen verse two", nil),
        ("read first corinthians chapter sixteen verse two", "read first current the in chapter sixteen verse three", nil),
        ("read first corinthians chapter sixteen verse two", "chapter sixteen verse two", nil),
    ])
    func lookupAgreement(sentence: String, heard: String, reference: String?) {
        let decision = Self.decide(sentence: sentence, heard: heard, snr: 30)
        if let reference {
            guard case .lookup(let read) = decision.intent else { Issue.record("\(decision)"); return }
            #expect(read.compact == reference)
        } else {
            #expect(!decision.intent.isAccepted, "\(decision)")
        }
    }

    @Test("the model's own look-up, taken when the grammar went astray, is read only when the grammar names it too")
    func modelLookupAgreement() {
        let decision = Self.decide(sentence: "read acts two eight", heard: "read john chapter three verse sixteen",
                                   heardIsSentence: true, against: 9, snr: 6)
        #expect(decision.intent == .rejected(.uncertainReference(nil)), "\(decision)")
    }

    @Test("a look-up whose decodes agree on its book (and chapter) but not on the rest is heard in part, sure or unsure", arguments: [
        // (grammar, language model, how far the grammar's words fit behind the model's, the part)
        ("read john chapter three verse sixteen", "read john chapter three verse fifteen", 0.0, "John 3"),
        ("open romans chapter five", "open romans chapter nine", 0.0, "Rom"),
        ("read song of songs chapter six verse twelve", "read song of songs chapter six verse will", 9.0, "Song 6"),
        ("read haggai two eleven", "read haggai two what would", 9.0, "Hag 2"),
        ("read ecclesiastes chapter two", "read ecclesiastes ever to", 9.0, "Eccl"),
    ])
    func heardInPart(sentence: String, heard: String, against: Double, part: String) {
        let decision = Self.decide(sentence: sentence, heard: heard, against: against, snr: 12)
        guard case .rejected(.uncertainReference(let kept?)) = decision.intent else {
            Issue.record("not heard in part: \(decision)")
            return
        }
        #expect(kept.compact == part)
    }

    @Test("an unsure look-up whose second decode names no book at its start, or another book, is not heard in part", arguments: [
        ("read ruth three fifteen", "read or stories fifty"),
        ("read amos six eight", "read game on fuck said"),
        ("read john chapter three verse sixteen", "and john said to them"),
        ("read john chapter three verse sixteen", "read joel chapter three verse sixteen"),
    ])
    func notHeardInPart(sentence: String, heard: String) {
        let decision = Self.decide(sentence: sentence, heard: heard, against: 9, snr: 12)
        if case .rejected(.uncertainReference(.some)) = decision.intent { Issue.record("heard in part: \(decision)") }
        #expect(!decision.intent.isAccepted, "\(decision)")
    }
}
