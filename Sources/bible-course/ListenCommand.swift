import ArgumentParser
import Assistant
import Audio
import Course
import Foundation
import Recognition
import Scripture
import Vocabulary

/// `bible-course listen FILE.wav ...`: free speech transcribed with the Bible-domain
/// language model, and the passages it names.
struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Transcribe free speech (preaching, teaching, reading aloud) and name the passages it names.",
        discussion: """
            Each WAV file is cut into utterances and each utterance decoded with a language \
            model of the Bible's words (estimated from Bible.db, the ways references are said, \
            the lesson scripts and the vocabulary's terms; built at first use into the state \
            directory and reused while they are unchanged). The text goes through the transcript \
            normaliser, and the references it names are reported. One line per utterance: \
            "[start-end] text" with the references, or with --json \
            {"file", "start", "end", "text", "references": [{"reference": "Hab 2:4", "how": \
            "named", "confidence"}]} (seconds; the confidence is how well the words fit the \
            sound, 0-1). --stock decodes with PocketSphinx's stock en-us model instead, to \
            compare. Not yet: listening to the microphone, and passages quoted without being \
            named.
            """
    )

    @Argument(help: "WAV files (16-bit PCM; other rates and channel counts are converted).")
    var files: [String]

    @Flag(help: "One JSON object per utterance.")
    var json = false

    @Flag(help: "Decode with PocketSphinx's stock en-us language model instead of the Bible-domain one.")
    var stock = false

    @OptionGroup var paths: PathOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give one or more WAV files (the microphone is not supported yet)") }
    }

    func run() throws {
        let transcriber = try makeTranscriber()
        let normaliser: Normaliser?
        do {
            normaliser = try TranscriptNormaliserSetup.load(NormaliseCommand.inputs(paths))
        } catch {
            warn("the transcript normaliser cannot be set up (\(error)); references are read from the words as heard")
            normaliser = nil
        }
        var failed = false
        for file in files {
            do {
                let samples = try WAVFile.read(URL(fileURLWithPath: file))
                for utterance in try transcriber.transcribe(samples) where !utterance.text.isEmpty {
                    let heard = normaliser?.normalise(utterance.text)
                        ?? NormalisedTranscript(normalisedText: utterance.text, extractedTerms: [],
                                                references: ScriptureReference.find(in: utterance.text))
                    print(json ? Self.jsonLine(file: file, utterance, heard) : Self.textLine(utterance, heard))
                }
            } catch {
                failed = true
                warn("\(file): \(error)")
            }
        }
        if failed { throw ExitCode(1) }
    }

    private func makeTranscriber() throws -> Transcriber {
        do {
            if stock {
                return try Transcriber(languageModel: URL(fileURLWithPath: PocketSphinxDecoder.defaultLanguageModel),
                                       dictionary: URL(fileURLWithPath: PocketSphinxDecoder.defaultDictionary))
            }
            let started = Date()
            let (model, outcome) = try DomainModelSetup.prepare(paths.vocabularyLocations, bible: paths.bibleURL)
            if case .built(let why) = outcome {
                warn(String(format: "domain model built in %.1f s (%@): %@", Date().timeIntervalSince(started),
                            why.description, model.directory.path))
            }
            return try Transcriber(languageModel: model.languageModel, dictionary: model.dictionary)
        } catch {
            throw CommandFailure("listen: \(error)")
        }
    }

    static func jsonLine(file: String, _ utterance: Transcriber.Utterance, _ heard: NormalisedTranscript) -> String {
        let references = heard.references.map { reference in
            var line = JSONLine()
            line.add("reference", reference.compact)
            line.add("how", "named")
            line.add("confidence", (utterance.confidence * 1000).rounded() / 1000)
            return line.text
        }
        var line = JSONLine()
        line.add("file", file)
        line.add("start", (utterance.start * 100).rounded() / 100)
        line.add("end", (utterance.end * 100).rounded() / 100)
        line.add("text", heard.normalisedText)
        return String(line.text.dropLast()) + ", \"references\": [" + references.joined(separator: ", ") + "]}"
    }

    static func textLine(_ utterance: Transcriber.Utterance, _ heard: NormalisedTranscript) -> String {
        let references = heard.references.isEmpty ? "" : "  → " + heard.references.map(\.compact).joined(separator: "; ")
        return String(format: "[%.2f-%.2f] ", utterance.start, utterance.end) + heard.normalisedText + references
    }
}
