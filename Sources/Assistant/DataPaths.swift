import Audio
import Course
import Foundation
import Hearing
import Logging
import Scripture
import Voice
import Vocabulary
import Phonetics

/// Where the daemon's files are, resolved from flags, the config file and the defaults
/// (docs/design.md, "Runtime paths").
public struct DataPaths: Sendable {
    public var bible: URL
    public var curriculum: URL
    public var stateDirectory: URL
    public var vocabulary: VocabularyLocations
    /// Where Piper is, for `voice = "piper:<model>"`; nil: no Piper here.
    public var piper: PiperInstall?

    public init(bible: URL, curriculum: URL, stateDirectory: URL, vocabulary: VocabularyLocations, piper: PiperInstall? = nil) {
        self.bible = bible
        self.curriculum = curriculum
        self.stateDirectory = stateDirectory
        self.vocabulary = vocabulary
        self.piper = piper
    }

    /// Where natural voices' renderings are kept; nil: `<state>/voice-cache`.
    public var voiceCacheFolder: URL?

    /// The render cache of natural voices.
    public var voiceCache: RenderCache {
        RenderCache(folder: voiceCacheFolder ?? stateDirectory.appendingPathComponent("voice-cache"))
    }

    /// espeak-ng as the daemon speaks with it, the authored pronunciations included (a
    /// `pronunciations.tsv` that cannot be read is reported to `warn` and left out). The one
    /// place the daemon, `voice render`, `doctor` and `bench voice` make it, so that Piper's
    /// cache (keyed by what Piper is asked to say, authored words in IPA) is shared by all.
    public func speech(_ configuration: SpeechConfiguration, warn: (String) -> Void) throws(SpeechError) -> SpeechSynthesizer {
        let pronunciations: SpokenPronunciations
        do {
            pronunciations = SpokenPronunciations(lexicon: try AuthoredLexicon.load(vocabulary.pronunciationsFile))
        } catch {
            warn("authored pronunciations \(vocabulary.pronunciationsFile.path) not used: \(error)")
            pronunciations = .none
        }
        return try SpeechSynthesizer(configuration: configuration, pronunciations: pronunciations)
    }
}
