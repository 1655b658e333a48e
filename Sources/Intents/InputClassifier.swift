/// Sorts text that is not a command (and not an answer) into the seed's kinds of rejected
/// input, so each gets its fixed reply (seed 5.3, 8.2).
///
/// A question to the course opens with a carrier phrase: "how does this apply ..." or
/// "what should I ..." asks for application, "what does the Bible say about ...", "is it
/// a sin to ...", "why does God ..." is a theological question; the rest of the question
/// is never read. The carriers are also sentences of the recogniser's command language
/// model (``questionCarriers``), so that spoken questions are heard by their openings. A
/// question opener followed by a theological word ("is hell real") is a theological
/// question too. The course never engages with what was said: anything else is
/// ``InputRejection/conversation``.
public struct InputClassifier: Sendable {
    public init() {}

    /// The kind of rejected input `text` is. `heard`: the text is what the recogniser heard,
    /// not what a person typed to the course, so only a carrier (``questionCarriers``) or a
    /// marker phrase ("in my life") makes it a question, and a short opening ("should i",
    /// "is god", "how do i") only with at least ``wordsAfterShortOpening`` words after it:
    /// "should i go" or "how do i know" said in the room, or "is god" strung by the
    /// recogniser from noise, is conversation. Typed text takes any carrier, and a question
    /// word with a theological one ("is hell real").
    public func classify(_ text: String, heard: Bool = false) -> InputRejection {
        let words = Self.words(text)
        if words.isEmpty { return .notRecognized }
        // The longer opening decides: "how can i be saved" is theology, not "how can i ...".
        let application = Self.opening(of: words, among: Self.applicationCarriers, heard: heard)
        let theology = Self.opening(of: words, among: Self.theologyCarriers, heard: heard)
        if application > 0 || theology > 0 {
            return application >= theology ? .applicationRequest : .theologicalQuestion
        }
        let joined = " " + words.joined(separator: " ") + " "
        if Self.applicationMarkers.contains(where: { joined.contains(" \($0) ") }) {
            return .applicationRequest
        }
        if !heard, Self.questionOpeners.contains(words[0]), words.contains(where: { Self.theologicalTerms.contains($0) }) {
            return .theologicalQuestion
        }
        return .conversation
    }

    /// True when `text` asks for application or is a theological question.
    public func isQuestion(_ text: String, heard: Bool = false) -> Bool {
        let kind = classify(text, heard: heard)
        return kind == .applicationRequest || kind == .theologicalQuestion
    }

    private static let firstPerson: Set<String> = ["id", "ive", "im", "ill"]

    /// Openings of a request for personal application (lowercase words).
    public static let applicationCarriers = [
        "how does this apply", "how does that apply", "how does it apply", "how do i apply",
        "how can i apply", "how should i apply", "what should i do", "what should i",
        "what does this mean for me", "what does this mean for my", "what does it mean for me",
        "how should i live", "how should i", "should i", "what would you advise", "give me advice",
        "what do i do about", "how can i", "how do i",
    ]

    /// Openings of a theological question outside the syllabus (lowercase words).
    public static let theologyCarriers = [
        "what does the bible say about", "what does the bible say", "what does the bible teach about",
        "what does god say about", "what does god think about", "is it a sin to", "is it a sin",
        "is it wrong to", "why does god", "why did god", "why would god", "why do bad things",
        "do you believe", "does god", "did god", "will god", "is god", "is jesus", "is there a god",
        "is there life after", "is baptism necessary", "is baptism", "is hell", "is heaven", "what happens when we die",
        "what happens after we die", "will i go to heaven", "how can i be saved", "who created god",
        "what is the meaning of life", "what is the trinity",
    ]

    /// Every carrier, as sentences of the recogniser's command language model: a question
    /// is heard by its opening, and what follows through the model's back-off to everyday
    /// words.
    public static let questionCarriers = applicationCarriers + theologyCarriers

    /// How many words heard speech needs after a short opening for it to be a question.
    public static let wordsAfterShortOpening = 2

    /// True for a carrier that opens everyday sentences as often as questions: one of two
    /// words ("should i", "is god"), or one that stops at "i" before saying what is asked
    /// ("how do i" in "how do i know", "how should i", "what should i").
    static func isShortOpening(_ carrier: String) -> Bool {
        let words = carrier.split(separator: " ")
        return words.count < 3 || words.last == "i"
    }

    /// True when `text` opens with a carrier, whatever follows (a bare "is god" too): no
    /// answer to the review question opens so, and no command.
    public func opensAsAQuestion(_ text: String) -> Bool {
        Self.opening(of: Self.words(text), among: Self.questionCarriers, heard: false) > 0
    }

    /// The words of `text` as the carriers are written: "what should i'd do" has "i" (the
    /// recogniser often hears I as a contraction).
    private static func words(_ text: String) -> [String] {
        TextNormalization.words(text).map { firstPerson.contains($0) ? "i" : $0 }
    }

    /// How many words the longest of `carriers` that `words` open with has, 0 for none;
    /// `heard`, a short opening counts only with ``wordsAfterShortOpening`` words after it.
    private static func opening(of words: [String], among carriers: [String], heard: Bool) -> Int {
        carriers.reduce(0) { longest, carrier in
            let carrierWords = carrier.split(separator: " ")
            let tail = heard && isShortOpening(carrier) ? wordsAfterShortOpening : 0
            let opens = words.count >= carrierWords.count + tail && zip(words, carrierWords).allSatisfy { $0 == $1 }
            return opens ? max(longest, carrierWords.count) : longest
        }
    }

    private static let applicationMarkers = [
        "apply to my life", "apply this to my", "in my life", "for me personally", "to me personally",
    ]
    private static let questionOpeners: Set<String> = [
        "why", "what", "how", "who", "is", "are", "does", "did", "do", "can", "will", "was", "where", "when",
    ]
    private static let theologicalTerms: Set<String> = [
        "god", "gods", "jesus", "christ", "lord", "spirit", "heaven", "hell", "sin", "sins", "salvation",
        "saved", "grace", "faith", "trinity", "bible", "scripture", "prayer", "pray", "soul", "angels",
        "devil", "satan", "church", "baptism", "resurrection", "eternal",
    ]
}
