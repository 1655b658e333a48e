import Foundation
import Testing
@testable import Vocabulary

@Suite("The compiled model's folder: the state directory's own")
struct ModelFolderTests {
    private let manifest = ModelManifest(format: ModelManifest.currentFormat, inputsDigest: "d", outputs: [:], sources: [:],
                                         identifier: "test", version: "1", builtAt: Date(timeIntervalSince1970: 0))

    @Test("a `model` that is a symbolic link is refused: nothing is written or removed where it points")
    func linkedModelFolderRefused() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state); try? FileManager.default.removeItem(at: outside) }
        try Data("someone else's".utf8).write(to: outside.appendingPathComponent(CompiledModel.manifestName))
        let model = state.appendingPathComponent("model")
        try FileManager.default.createSymbolicLink(atPath: model.path, withDestinationPath: outside.path)

        do {
            try ModelManifest.write(manifest, outputs: ["bible.dict": Data("a AH\n".utf8)], to: model)
            Issue.record("the model was written through a link")
        } catch {
            #expect(String(describing: error).contains(model.path))
            #expect(String(describing: error).contains("symbolic link"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == [CompiledModel.manifestName])
        #expect(try String(contentsOf: outside.appendingPathComponent(CompiledModel.manifestName), encoding: .utf8) == "someone else's")
    }

    @Test("a real folder is written whole, and no temporary file is left")
    func realFolderWritten() throws {
        let model = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: model) }
        try ModelManifest.write(manifest, outputs: ["bible.dict": Data("a AH\n".utf8)], to: model)
        #expect(try FileManager.default.contentsOfDirectory(atPath: model.path).sorted() == ["bible.dict", CompiledModel.manifestName])
    }

    @Test("a new model that cannot be written whole (a full disk) leaves the old one as it was")
    func oldModelKeptUntilTheNewIsWhole() throws {
        let model = FileManager.default.temporaryDirectory.appendingPathComponent("model-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: model) }
        try ModelManifest.write(manifest, outputs: ["bible.dict": Data("a AH\n".utf8)], to: model)
        let before = try Data(contentsOf: model.appendingPathComponent(CompiledModel.manifestName))
        // The second file cannot be written (its folder is missing), as a full disk refuses one.
        let newer = ModelManifest(format: ModelManifest.currentFormat, inputsDigest: "e", outputs: [:], sources: [:],
                                  identifier: "test", version: "2", builtAt: Date(timeIntervalSince1970: 1))
        #expect(throws: VocabularyError.self) {
            try ModelManifest.write(newer, outputs: ["bible.dict": Data("b B IY\n".utf8), "missing/commands.jsgf": Data("x".utf8)], to: model)
        }
        #expect(try Data(contentsOf: model.appendingPathComponent(CompiledModel.manifestName)) == before, "the old manifest is still there")
        #expect(try String(contentsOf: model.appendingPathComponent("bible.dict"), encoding: .utf8) == "a AH\n", "and its files")
        #expect(try FileManager.default.contentsOfDirectory(atPath: model.path).sorted() == ["bible.dict", CompiledModel.manifestName],
                "no temporary file left")
    }
}
