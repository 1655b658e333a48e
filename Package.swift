// swift-tools-version: 6.0
// bible-course: an offline, speech-driven Bible course daemon. See README.md and docs/design.md.
import PackageDescription

/// Optimised in debug builds too, for the modules that index the whole Bible, build models
/// and decode: the end-to-end tests run the debug build on real audio and whole models.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "bible-course",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "bible-course", targets: ["bible-course"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CPocketSphinx",
            pkgConfig: "pocketsphinx",
            providers: [.apt(["libpocketsphinx-dev", "libsphinxbase-dev"])]
        ),
        .systemLibrary(
            name: "CEspeakNG",
            pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]
        ),
        .systemLibrary(
            name: "CSpeexDSP",
            pkgConfig: "speexdsp",
            providers: [.apt(["libspeexdsp-dev"])]
        ),
        // WebRTC's noise suppressor (Debian's libwebrtc-audio-processing-dev, a C++ library)
        // behind a small C face.
        .target(
            name: "CWebRTCAudio",
            cxxSettings: [
                .unsafeFlags(["-I/usr/include/webrtc_audio_processing"]),
                .define("WEBRTC_POSIX"),
                .define("WEBRTC_AUDIO_PROCESSING_ONLY_BUILD"),
            ],
            linkerSettings: [.linkedLibrary("webrtc_audio_processing")]
        ),
        .systemLibrary(
            name: "CAlsa",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        // What several modules share: edit distance, JSON lines, the stop flag, text files.
        .target(name: "Support"),
        .target(
            name: "Scripture",
            dependencies: ["Support", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: optimisedInDebug
        ),
        .target(
            name: "Intents",
            dependencies: ["Support", "Scripture"]
        ),
        .target(
            name: "Course",
            dependencies: ["Support", "Scripture", "Intents", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "Espeak",
            dependencies: ["CEspeakNG"]
        ),
        // Pronunciations: the phone sets and notations (X-SAMPA, ARPAbet, espeak-ng's), the
        // authored lexicon, espeak-ng's guesses, the pronunciation dictionary format.
        .target(
            name: "Phonetics",
            dependencies: ["Support", "Espeak"]
        ),
        // The transcript normaliser: free speech's words brought to the course's and the
        // Bible's spellings (`normalise`, `listen`).
        .target(
            name: "Normalisation",
            dependencies: ["Support", "Scripture", "Phonetics"],
            swiftSettings: optimisedInDebug
        ),
        // What the recogniser is compiled from: grammars, n-gram language models, the lexicon.
        .target(
            name: "Vocabulary",
            dependencies: ["Support", "Scripture", "Espeak", "Phonetics", "CPocketSphinx"],
            swiftSettings: optimisedInDebug
        ),
        .target(
            name: "Audio",
            dependencies: ["CAlsa", "CSpeexDSP", "CWebRTCAudio"],
            // RNNoiseStream filters every sample heard, and the tests feed hours of
            // simulated audio through it.
            swiftSettings: optimisedInDebug
        ),
        .target(
            name: "Voice",
            dependencies: ["Support", "Espeak", "Audio", "Phonetics"]
        ),
        // The PocketSphinx adapter: the decoder, its typed configuration, what it heard; no policy.
        .target(
            name: "Decoding",
            dependencies: ["CPocketSphinx", "Audio"],
            swiftSettings: optimisedInDebug
        ),
        // Hearing's policy: the endpointer, the recogniser and its command decision, the tuning.
        .target(
            name: "Hearing",
            dependencies: ["Support", "Scripture", "Decoding", "Vocabulary", "Intents", "Audio"],
            swiftSettings: optimisedInDebug
        ),
        .target(
            name: "Assistant",
            dependencies: [
                "Support", "Scripture", "Intents", "Course", "Phonetics", "Normalisation", "Vocabulary", "Decoding", "Hearing",
                "Audio", "Voice", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `listen`: free speech transcribed and the passages named or quoted in it found; its
        // own numbers (ListenTuning), its runtime under the daemon's loop.
        .target(
            name: "Listening",
            dependencies: [
                "Support", "Scripture", "Course", "Phonetics", "Normalisation", "Vocabulary", "Decoding", "Hearing", "Audio", "Assistant",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: optimisedInDebug
        ),
        .target(
            name: "Rehearsal",
            dependencies: ["Assistant", "Audio", "Course", "Intents", "Scripture", "Voice", "Vocabulary"]
        ),
        .executableTarget(
            name: "bible-course",
            dependencies: [
                "Support",
                "Scripture",
                "Intents",
                "Course",
                "Phonetics",
                "Normalisation",
                "Vocabulary",
                "Decoding",
                "Hearing",
                "Audio",
                "Voice",
                "Assistant",
                "Listening",
                "Rehearsal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Tests in two tiers (docs/design.md, "Tests"): <Module>UnitTests hold pure logic (no
        // audio, no model build, no processes but a fake Piper child; `scripts/test.sh --fast`), <Module>Tests the
        // end-to-end tests (real recordings and voices decoded, models built, the daemon run).
        .testTarget(name: "SupportUnitTests", dependencies: ["Support"]),
        .testTarget(
            name: "ScriptureUnitTests",
            dependencies: ["Scripture"],
            exclude: ["reference-set.tsv"]
        ),
        .testTarget(name: "IntentsUnitTests", dependencies: ["Intents", "Scripture"]),
        .testTarget(name: "CourseUnitTests", dependencies: ["Course", "Intents", "Scripture", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "PhoneticsUnitTests", dependencies: ["Phonetics"]),
        .testTarget(name: "NormalisationUnitTests", dependencies: ["Normalisation", "Phonetics"]),
        .testTarget(name: "VocabularyUnitTests", dependencies: ["Vocabulary", "Phonetics", "Normalisation", "Scripture", "Support"]),
        .testTarget(name: "AudioUnitTests", dependencies: ["Audio"]),
        .testTarget(name: "VoiceUnitTests", dependencies: ["Voice", "Audio", "Support"], exclude: ["fake-piper.py"]),
        .testTarget(name: "HearingUnitTests", dependencies: ["Audio", "Decoding", "Hearing", "Intents", "Scripture", "Support"]),
        .testTarget(name: "AssistantUnitTests", dependencies: ["Assistant", "Course", "Hearing", "Intents", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "ListeningUnitTests", dependencies: ["Listening", "Assistant", "Decoding", "Hearing", "Support", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "ScriptureTests", dependencies: ["Scripture"]),
        .testTarget(name: "PhoneticsTests", dependencies: ["Phonetics"]),
        .testTarget(
            name: "VocabularyTests",
            dependencies: ["Vocabulary", "Phonetics", "Scripture", "Intents"]
        ),
        // native-parts.c: the C harness NativePartsOnAArch64Tests compiles for x86_64 and aarch64.
        .testTarget(name: "AudioTests", dependencies: ["Audio", "SpeechFixtures"], exclude: ["native-parts.c"]),
        .testTarget(
            name: "VoiceTests",
            dependencies: ["Voice", "Audio", "Phonetics", "Vocabulary", "Decoding"]
        ),
        // Test audio several end-to-end tiers share: espeak-ng's, Piper's, pink and real room noise.
        .target(name: "SpeechFixtures", dependencies: ["Audio", "Voice"], path: "Tests/SpeechFixtures"),
        .testTarget(
            name: "HearingTests",
            dependencies: ["Support", "Decoding", "Hearing", "Intents", "Vocabulary", "Scripture", "Course", "Audio", "Assistant", "Voice", "SpeechFixtures"]
        ),
        .testTarget(
            name: "ListeningTests",
            dependencies: ["Listening", "Support", "Decoding", "Hearing", "Scripture", "Phonetics", "Vocabulary", "Audio", "Voice", "SpeechFixtures"]
        ),
        .testTarget(
            name: "AssistantTests",
            dependencies: [
                "Assistant", "Rehearsal", "Intents", "Course", "Hearing", "Audio", "Voice", "Scripture", "Phonetics", "Normalisation",
                "Vocabulary", "Support",
                "SpeechFixtures",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["normalisation-cases.tsv"]
        ),
    ]
)
