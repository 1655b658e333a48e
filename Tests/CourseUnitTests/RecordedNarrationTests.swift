import Course
import Foundation
import Scripture
import Testing

/// A speaker that keeps what it was asked to say and play (the loudspeaker is absent), and
/// plays recordings as `playable` says.
final class ListeningSpeaker: SessionSpeaker {
    var spoken: [String] = []
    var played: [URL] = []
    let playable: (URL) -> Bool

    init(playable: @escaping (URL) -> Bool = { _ in true }) {
        self.playable = playable
    }

    func speak(_ text: String) -> SpeakerOutcome {
        spoken.append(text)
        return SpeakerOutcome(played: .seconds(1))
    }

    func play(_ recording: URL) -> SpeakerOutcome {
        played.append(recording)
        return playable(recording) ? SpeakerOutcome(played: .seconds(3)) : SpeakerOutcome(played: .zero, failure: "\(recording.path): not a RIFF/WAVE file")
    }
}

@Suite("Recorded narration: a segment's audio_file")
struct RecordedNarrationTests {
    /// The fixture with recordings for lesson 1's orientation and context.
    private func narrated() -> CurriculumFixture {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 1) { $0["audio_file"] = "audio/orientation.wav" }
        fixture.editSegment("tc_01", 3) { $0["audio_file"] = "audio/context.wav" }
        return fixture
    }

    /// Writes placeholder files for the fixture's recordings under `root`.
    private func placeRecordings(in root: URL) throws {
        let folder = root.appendingPathComponent("courses/tc/lessons/audio")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["orientation.wav", "context.wav"] { try Data("RIFF".utf8).write(to: folder.appendingPathComponent(name)) }
    }

    @Test("audio_file is read relative to the lesson file, and its segment plays it; the others are spoken")
    func playedInsteadOfScript() throws {
        let root = try narrated().write()
        defer { try? FileManager.default.removeItem(at: root) }
        try placeRecordings(in: root)
        let speaker = ListeningSpeaker()
        let store = try ProgressStore.inMemory()
        let session = TextSession(
            ports: .init(courseID: "tc", loader: CurriculumLoader(directory: root), store: store, passages: FixedTextBible(),
                         speaker: speaker, clock: VirtualSessionClock()),
            emit: { _ in })
        session.start()
        for line in ["Begin the lesson", "Read the passage", "Explain the context"] { session.receive(line) }
        let lessons = root.appendingPathComponent("courses/tc/lessons")
        #expect(speaker.played.map(\.path) == [lessons.appendingPathComponent("audio/orientation.wav").path,
                                               lessons.appendingPathComponent("audio/context.wav").path])
        #expect(!speaker.spoken.contains("This lesson examines a passage."))
        #expect(!speaker.spoken.contains("The passage belongs to a larger narrative."))
        #expect(speaker.spoken.contains("The reading follows."))
    }

    @Test("a recording that cannot be read at play time: its script is spoken, and the lesson goes on")
    func unreadableFallsBackToScript() throws {
        let root = try narrated().write()
        defer { try? FileManager.default.removeItem(at: root) }
        let speaker = ListeningSpeaker(playable: { !$0.path.hasSuffix("orientation.wav") })
        let events = RecordList()
        let session = TextSession(
            ports: .init(courseID: "tc", loader: CurriculumLoader(directory: root), store: try ProgressStore.inMemory(),
                         passages: FixedTextBible(), speaker: speaker, clock: VirtualSessionClock()),
            emit: { events.items.append($0) })
        session.start()
        session.receive("Begin the lesson")
        session.receive("Read the passage")
        #expect(speaker.spoken.first == "This lesson examines a passage.")
        #expect(session.state == .readingPlaying || session.state == .contextReady)
        let notices = events.items.compactMap { if case .notice(let text) = $0.event { text } else { nil } }
        #expect(notices.contains { $0.contains("orientation.wav not played") && $0.contains("its script is spoken") })
    }

    @Test("curriculum check: a missing audio_file is named with its file and field")
    func missingFile() throws {
        let root = try narrated().write()
        defer { try? FileManager.default.removeItem(at: root) }
        let lines = CurriculumCheck(loader: CurriculumLoader(directory: root, displayRoot: "curriculum")).run().problems.map(\.description)
        let audio = root.appendingPathComponent("courses/tc/lessons/audio").path
        #expect(lines == ["\(lesson1): field `audio_file` in segment 1: \"\(audio)/orientation.wav\" does not exist",
                          "\(lesson1): field `audio_file` in segment 3: \"\(audio)/context.wav\" does not exist"])
    }

    @Test("curriculum check: an unreadable recording and one far from its script's length")
    func unreadableAndWrongLength() throws {
        let root = try narrated().write()
        defer { try? FileManager.default.removeItem(at: root) }
        try placeRecordings(in: root)
        let lengths: @Sendable (URL) -> Result<Double, CurriculumCheck.RecordingProblem> = { url in
            url.lastPathComponent == "orientation.wav" ? .failure(.init("not a RIFF/WAVE file")) : .success(60)
        }
        let report = CurriculumCheck(loader: CurriculumLoader(directory: root, displayRoot: "curriculum"), recordingLength: lengths).run()
        let lines = report.problems.map(\.description)
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("\(lesson1): field `audio_file` in segment 1:") && $0.hasSuffix("cannot be played: not a RIFF/WAVE file") })
        // "The passage belongs to a larger narrative." is 7 words: a minute of audio is 7 words a minute.
        #expect(lines.contains { $0.hasPrefix("\(lesson1): field `audio_file` in segment 3:") && $0.contains("lasts 60.0 s for a script of 7 words") })
    }

    @Test("an absolute audio_file is refused: a course's recordings travel with it")
    func absolutePathRefused() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_02", 5) { $0["audio_file"] = "/home/me/themes.wav" }
        #expect(try checkLines(fixture) == ["\(lesson2): field `audio_file` in segment 5 must be a path relative to the lesson file"])
    }
}
