import ArgumentParser
import Assistant
import Audio
import Foundation
import Vocabulary
import Voice
import Phonetics

/// `bible-course pronounce WORD...`: how the recogniser hears a word, and how the daemon
/// says it.
struct PronounceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pronounce",
        abstract: "Show a word's pronunciations and where they come from, and speak it.",
        discussion: """
            For each word: its ARPAbet pronunciations (all alternatives, with stress), and \
            their source: authored (Models/pronunciations.tsv or --vocabulary, with the \
            notation and transcription as written), cmudict, or espeak (espeak-ng's \
            letter-to-sound rules). Then the word is spoken by espeak-ng, an authored one \
            from its phonemes, so it sounds the way the recogniser expects to hear it. \
            Numbers are read as words ("2" is "two").
            """
    )

    @Argument(help: "The words.")
    var words: [String]

    @Option(help: "Write the speech to this WAV file (22050 Hz, 16-bit mono) instead of playing it.")
    var wav: String?

    @Flag(help: "Only print; do not speak.")
    var noSpeak = false

    @OptionGroup var paths: PathOptions

    func validate() throws {
        guard !words.flatMap(GrammarText.words).isEmpty else {
            throw ValidationError("give at least one word")
        }
    }

    func run() throws {
        let locations = paths.vocabularyLocations
        let spoken = words.flatMap(GrammarText.words)
        let authored: [String: [AuthoredPronunciation]]
        let cmudict: CMUDictionary
        do {
            authored = try ModelCompiler.authoredPronunciations(RecognitionModel.inputs(locations))
            cmudict = try CMUDictionary.load(words: Set(spoken))
        } catch {
            throw CommandFailure("cannot read the pronunciations: \(error)")
        }
        var inputs: [String] = []
        var unknown: [String] = []
        for word in spoken {
            let entry: LexiconEntry
            do {
                guard let resolved = try Lexicon.resolve([word], authored: authored, cmudict: cmudict).entries[word] else {
                    throw VocabularyError.noPronunciation(word: word)
                }
                entry = resolved
            } catch {
                warn("\(word): \(error)")
                unknown.append(word)
                continue
            }
            print(Self.describe(entry, authored: authored[word] ?? []), terminator: "")
            let input = PronunciationSpeaker.input(word: word, authored: entry.source == .authored ? entry.pronunciations.first : nil)
            if input != word { print("  espeak-ng: \(input)") }
            inputs.append(input)
        }
        if !noSpeak, !inputs.isEmpty { try speak(inputs) }
        if !unknown.isEmpty { throw ExitCode(1) }
    }

    /// "habakkuk: authored" and one line per pronunciation.
    static func describe(_ entry: LexiconEntry, authored: [AuthoredPronunciation]) -> String {
        var text = "\(entry.word): \(entry.source.rawValue)\n"
        for (index, phones) in entry.pronunciations.enumerated() {
            let arpabet = phones.map(\.description).joined(separator: " ")
            var line = "  \(index + 1). \(arpabet)"
            if entry.source == .authored, let written = authored.first(where: { $0.phones == phones }) {
                line = line.padding(toLength: max(line.count, 34), withPad: " ", startingAt: 0)
                    + "  \(written.notation.displayName) \(written.transcription)"
            }
            text += line + "\n"
        }
        return text
    }

    /// Speaks the words one after another: into the WAV file with --wav, else aloud.
    private func speak(_ inputs: [String]) throws {
        if let wav {
            var all: [Int16] = []
            var rate = 22_050
            for input in inputs {
                do {
                    let (samples, sampleRate) = try PronunciationSpeaker.samples(input)
                    if !all.isEmpty { all += [Int16](repeating: 0, count: sampleRate * 3 / 10) }
                    all += samples
                    rate = sampleRate
                } catch {
                    throw CommandFailure(error.description)
                }
            }
            do {
                try WAVFile.write(all, sampleRate: rate, to: URL(fileURLWithPath: wav))
            } catch {
                throw CommandFailure(error.description)
            }
            print("wrote \(wav) (\(String(format: "%.2f", Double(all.count) / Double(rate))) s at \(rate) Hz)")
            return
        }
        for input in inputs {
            do {
                try PronunciationSpeaker.play(input)
            } catch {
                // Printing was the main thing; a box without speakers still gets it.
                warn("not spoken: \(error)")
                return
            }
        }
    }
}
