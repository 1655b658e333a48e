import Decoding
@testable import Listening
import Testing

/// What the transcriber's decoders are started with.
@Suite("Transcriber's decoder configuration")
struct TranscriberConfigurationTests {
    @Test("the readings' beams are written as PocketSphinx's three beams")
    func beams() {
        var configuration = Transcriber.decoderConfiguration
        configuration.beams = .init(beam: 1e-80, phoneBeam: 1e-70, wordBeam: 1e-60)
        #expect(configuration.flags == ["-cmn": "batch", "-beam": "1e-80", "-pbeam": "1e-70", "-wbeam": "1e-60"])
    }
}
