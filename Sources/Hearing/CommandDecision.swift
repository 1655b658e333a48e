import Intents

/// What to make of a command utterance from its two decodes (``CommandDecodes``): act on
/// the grammar's sentence, on the language model's, or on neither. Pure: the same decodes
/// give the same decision.
///
/// The grammar's sentence is taken when ``CommandConfidence`` of the two decodes reaches
/// its threshold. Failing that, the language model's words are taken when they are
/// themselves a sentence of the grammar: in loud noise the plain grammar can go astray
/// ("read acts two eight") where the model still hears the command. A sentence taken is
/// acted on when it means something (a command, a look-up, a passage that does not exist);
/// a look-up only when the other decode names the same passage
/// (``IntentMatcher/agreed(_:heardAs:with:)``). A look-up not acted on, taken or not, keeps the
/// part of it the other decode opens with (``IntentMatcher/partial(of:heardAs:)``: the
/// book, perhaps the chapter), which the session asks to complete. Otherwise the model's
/// words stand for what was said, so the session can still tell a question to the course
/// by its opening.
public struct CommandDecision: Hashable, Sendable {
    public let intent: Intent
    /// 0...1 (``CommandConfidence/confidence(_:)``); 0 when the grammar heard no words.
    public let confidence: Double
    /// True when the grammar's sentence was taken, false when the language model's words stand.
    public let takesGrammar: Bool

    /// `isSentence`: whether words are a sentence of the grammar; `expected`: what the
    /// grammar hears, which says what its sentences mean: the commands
    /// (``IntentMatcher/command(words:)``), a look-up's correction window
    /// (``IntentMatcher/correction(words:)``) or the part of a look-up asked for
    /// (``IntentMatcher/missingPart(words:of:)``, the other decode's words completed alike).
    public init(_ decodes: CommandDecodes, model: CommandConfidence, isSentence: ([String]) -> Bool,
                matcher: IntentMatcher = IntentMatcher(), expected: ExpectedSpeech = .commands) {
        let heard = decodes.languageModel.words
        self.init(features: decodes.features, sentence: decodes.grammar.words, heard: heard,
                  heardIsSentence: !heard.isEmpty && isSentence(heard), model: model, matcher: matcher,
                  expected: expected)
    }

    /// `sentence`: the grammar's words; `heard`: the language model's, and whether they are
    /// a sentence of the grammar.
    public init(features: CommandFeatures?, sentence: [String], heard: [String], heardIsSentence: Bool,
                model: CommandConfidence, matcher: IntentMatcher = IntentMatcher(), expected: ExpectedSpeech = .commands) {
        func meaning(_ words: [String]) -> Intent {
            // The answer grammar has no second decode: its sentences are commands here.
            if case .answer = expected { return matcher.command(words: words) }
            return matcher.meaning(of: words, expected: expected)
        }
        /// `intent` checked against the other decode's words; a part agreed on only where a
        /// look-up may be heard in part.
        func agreed(_ intent: Intent, _ words: [String], _ other: [String]) -> Intent {
            let checked = matcher.agreed(intent, heardAs: words, with: other)
            if case .rejected(.uncertainReference(.some)) = checked, !expected.asksForPassage {
                return .rejected(.uncertainReference(nil))
            }
            return checked
        }
        /// The other decode's words as they name a passage.
        func naming(_ words: [String]) -> [String] {
            guard case .missingPart(let part) = expected else { return words }
            return MissingPart.completed(words, with: part)
        }
        let confidence = features.map(model.confidence) ?? 0
        if features != nil, confidence >= model.threshold {
            // What the sentence means: a command, a look-up, a passage that does not exist,
            // or none (a question's opening, a sentence of a user's own rule).
            self.init(intent: agreed(meaning(sentence), naming(sentence), naming(heard)), confidence: confidence,
                      takesGrammar: true)
        } else if heardIsSentence {
            self.init(intent: agreed(meaning(heard), naming(heard), naming(sentence)), confidence: confidence,
                      takesGrammar: false)
        } else if heard.isEmpty {
            self.init(intent: .rejected(.nothingHeard), confidence: confidence, takesGrammar: false)
        } else if features == nil {
            self.init(intent: .rejected(.notACommand), confidence: 0, takesGrammar: false)
        } else if expected.asksForPassage, case .lookup(let reference) = meaning(sentence),
                  let part = matcher.partial(of: reference, heardAs: heard) {
            // Too unsure of the whole look-up, but both decodes open with its book.
            self.init(intent: .rejected(.uncertainReference(part)), confidence: confidence, takesGrammar: false)
        } else {
            self.init(intent: .rejected(.belowThreshold(confidence)), confidence: confidence, takesGrammar: false)
        }
    }

    private init(intent: Intent, confidence: Double, takesGrammar: Bool) {
        self.intent = intent
        self.confidence = confidence
        self.takesGrammar = takesGrammar
    }
}
