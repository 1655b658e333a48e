import Support
import ArgumentParser
import Assistant
import Foundation
import Listening
import Rehearsal
import Scripture
import Vocabulary
import Phonetics

/// `bible-course model build | show | prompts`: the compiled recognition model (the generated
/// grammars and pronunciation dictionary in `<state>/model`).
struct ModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Build or inspect the compiled recognition model.",
        discussion: """
            The model is the command and answer grammars filled with the vocabulary \
            (built-in, the curriculum's answers, --vocabulary) and a dictionary of exactly \
            their words, kept in <state-dir>/model. The daemon builds it at start-up when it \
            is missing or its inputs changed; these commands do it on demand and show it. \
            `listen` has a model of its own (the Bible's language with everyday English, in \
            <state-dir>/domain-model), built at its first use or by `model build --listen`.
            """,
        subcommands: [Build.self, Show.self, Prompts.self]
    )
}

extension ModelCommand {
    /// `bible-course model build [--force]`.
    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compile the model now (reused when it is current, unless --force).")

        @Flag(help: "Rebuild even when the model on disk is current.")
        var force = false

        @Flag(help: "Also build listen's Bible-domain language model (a minute or more, within the service's memory cap; scripts/install.sh does it before the service starts).")
        var listen = false

        @OptionGroup var paths: PathOptions

        func run() throws {
            let locations = paths.vocabularyLocations
            let start = DispatchTime.now().uptimeNanoseconds
            let model: CompiledModel
            let outcome: ModelCompiler.Outcome?
            do {
                let inputs = try RecognitionModel.inputs(locations)
                if force {
                    model = try ModelCompiler.build(inputs, in: locations.modelDirectory)
                    outcome = nil
                } else {
                    let prepared = try ModelCompiler.prepare(inputs, in: locations.modelDirectory)
                    (model, outcome) = (prepared.0, prepared.1)
                }
            } catch {
                throw CommandFailure("cannot build the model: \(error)")
            }
            report("model", directory: model.directory, outcome: outcome, since: start)
            print("words: \(ModelSummary.wordCounts(model.manifest))")
            if listen { try buildDomainModel(locations) }
        }

        /// `listen`'s model, as `listen` and the daemon's listen mode would build it at first
        /// use; with --force, anew. A build that fails leaves the model on disk as it was.
        private func buildDomainModel(_ locations: VocabularyLocations) throws {
            let start = DispatchTime.now().uptimeNanoseconds
            let directory: URL
            let outcome: ModelCompiler.Outcome?
            do {
                let verses = try BibleStore(path: paths.bibleURL.path).allVerses()
                if force {
                    directory = try DomainModelSetup.rebuild(locations, verses: verses).directory
                    outcome = nil
                } else {
                    let prepared = try DomainModelSetup.prepare(locations, verses: verses)
                    (directory, outcome) = (prepared.0.directory, prepared.1)
                }
            } catch {
                throw CommandFailure("cannot build listen's domain model: \(error)")
            }
            report("domain model (listen)", directory: directory, outcome: outcome, since: start)
        }

        /// Where a model is and what became of it (nil: rebuilt because of --force), and how
        /// long that took since `start` (uptime nanoseconds).
        private func report(_ name: String, directory: URL, outcome: ModelCompiler.Outcome?, since start: UInt64) {
            let what: String
            switch outcome {
            case nil: what = "rebuilt (--force)"
            case .reused: what = "reused (current: its inputs are unchanged and its files intact)"
            case .built(let staleness): what = "rebuilt (\(staleness))"
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            print("\(name): \(directory.path)")
            print(String(format: "%@ in %.2f s", what, seconds))
        }
    }

    /// `bible-course model show [--words]`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the model on disk: manifest, files, words by source, and whether it is current.")

        @Flag(help: "List every dictionary word with its source and phones.")
        var words = false

        @OptionGroup var paths: PathOptions

        func run() throws {
            let locations = paths.vocabularyLocations
            let directory = locations.modelDirectory
            print("model directory: \(directory.path)")
            guard let manifest = CompiledModel.manifest(in: directory) else {
                let exists = FileManager.default.fileExists(atPath: directory.appendingPathComponent(CompiledModel.manifestName).path)
                print(exists ? "manifest: unreadable (bible-course model build rebuilds it)"
                             : "no compiled model yet (bible-course model build makes one)")
                return
            }
            let formatter = ISO8601DateFormatter()
            print("identifier: \(manifest.identifier)")
            print("version: \(manifest.version)")
            print("format: \(manifest.format)\(manifest.format == ModelManifest.currentFormat ? "" : " (this program writes \(ModelManifest.currentFormat))")")
            print("built at: \(formatter.string(from: manifest.builtAt))")
            print("inputs digest: \(manifest.inputsDigest)")
            print("outputs:")
            for name in manifest.outputs.keys.sorted() {
                let url = directory.appendingPathComponent(name)
                let state: String
                if let data = FileManager.default.contents(atPath: url.path) {
                    let intact = manifest.outputs[name] == ContentHash.of(data)
                    state = "\(ModelSummary.size(data.count))\(intact ? "" : "  (changed since it was built)")"
                } else {
                    state = "missing"
                }
                print("  \(name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(state)")
            }
            print("words: \(ModelSummary.wordCounts(manifest))")
            print("status: \(status(locations))")
            printDomainModel(locations)
            if words { try printWords(directory: directory, manifest: manifest) }
        }

        /// The Bible-domain language model of `listen`, when it has been built.
        private func printDomainModel(_ locations: VocabularyLocations) {
            let directory = DomainModelSetup.directory(locations)
            guard let manifest = CompiledModel.manifest(in: directory) else {
                print("domain model (listen): not built yet (bible-course model build --listen, or listen at first use, builds it)")
                return
            }
            func size(_ name: String) -> String {
                FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
                    .map { ModelSummary.size($0.count) } ?? "missing"
            }
            let everyday = manifest.outputs[DomainModelCompiler.everydayModelName] == nil ? ""
                : ", with everyday English \(DomainModelCompiler.everydayModelName) \(size(DomainModelCompiler.everydayModelName))"
            print("domain model (listen): \(directory.path), built at \(ISO8601DateFormatter().string(from: manifest.builtAt)), "
                  + "\(DomainModelCompiler.languageModelName) \(size(DomainModelCompiler.languageModelName))\(everyday), "
                  + "words: \(ModelSummary.wordCounts(manifest))")
        }

        /// Whether the model on disk is what the current inputs would build.
        private func status(_ locations: VocabularyLocations) -> String {
            let digest: String
            do {
                digest = try RecognitionModel.inputs(locations).digest()
            } catch {
                return "unknown: the current inputs cannot be read (\(error))"
            }
            switch CompiledModel.open(locations.modelDirectory, inputsDigest: digest) {
            case .success: return "current"
            case .failure(let staleness): return "stale: \(staleness) (the next start or bible-course model build rebuilds it)"
            }
        }

        private func printWords(directory: URL, manifest: ModelManifest) throws {
            let url = directory.appendingPathComponent(CompiledModel.dictionaryName)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CommandFailure("\(url.path): not found")
            }
            let entries = ModelSummary.dictionaryEntries(String(decoding: data, as: UTF8.self))
            let width = min(24, entries.map(\.word.count).max() ?? 0)
            print("dictionary (\(entries.count) words):")
            for entry in entries {
                let source = manifest.sources[entry.word]?.rawValue
                    ?? (GarbageModel.isGarbage(entry.word) ? "garbage" : "?")
                print("  \(entry.word.padding(toLength: max(width, entry.word.count), withPad: " ", startingAt: 0))  "
                      + "\(source.padding(toLength: 8, withPad: " ", startingAt: 0))  "
                      + entry.pronunciations.joined(separator: " | "))
            }
        }
    }
}

extension ModelCommand {
    /// `bible-course model prompts [--count N] [--seed S]`: what to read aloud for speaker
    /// adaptation, one prompt per line (``AdaptationPrompts``).
    struct Prompts: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print sentences to read aloud for speaker adaptation, one per line.",
            discussion: """
                The seven commands, a look-up of every book by its spoken name, then Bible \
                verses whose words cmudict knows, up to --count in all. \
                scripts/record-adaptation.sh records a person reading them; \
                scripts/adapt.sh --recordings adapts the acoustic model to that voice.
                """)

        @Option(help: "How many prompts in all (at least the 7 commands and 66 look-ups).")
        var count = 120

        @Option(help: "Picks the look-ups and verses; the same seed gives the same prompts.")
        var seed: UInt64 = 1

        @Option(help: "The pronunciation dictionary whose words a verse must use.")
        var cmudict = CMUDictionary.defaultPath

        @OptionGroup var paths: PathOptions

        func validate() throws {
            guard count > 0, count <= 2000 else { throw ValidationError("--count must be between 1 and 2000, not \(count)") }
        }

        func run() throws {
            let bible = try BibleStore(path: paths.bibleURL.path)
            let known = try CMUDictionary.words(cmudict)
            let prompts = AdaptationPrompts.make(
                count: count, seed: seed,
                verse: { bible.verse(book: $0, chapter: $1, verse: $2) },
                speakable: { $0.allSatisfy(known.contains) })
            print(prompts.joined(separator: "\n"))
        }
    }
}
