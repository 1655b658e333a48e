import Decoding
@testable import Hearing
import Testing

/// What each decoder is started with: the typed settings as the flags PocketSphinx reads.
@Suite("Decoder configuration")
struct DecoderConfigurationTests {
    @Test("a configuration left as it is changes none of PocketSphinx's defaults")
    func defaultsRenderNothing() {
        #expect(DecoderConfiguration().flags.isEmpty)
    }

    @Test("the command recogniser normalises whole utterances, keeps its frames for comparison and skips the lattice pass")
    func commandRecogniser() {
        let flags = HearingDecoders.configuration(RecognitionSettings(), adaptation: nil).flags
        #expect(flags == ["-cmn": "batch", "-remove_noise": "no", "-remove_silence": "no",
                          "-bestpath": "no"])
    }

    @Test("the grammar search alone keeps the n-gram passes it does not use and the library's silence removal")
    func grammarSearch() {
        var settings = RecognitionSettings()
        settings.commandSearch = .grammar
        #expect(HearingDecoders.configuration(settings, adaptation: nil).flags == ["-cmn": "batch", "-remove_noise": "no"])
    }

    @Test("verifying with the phone loop scores every senone with context-independent phones")
    func phoneLoop() {
        var settings = RecognitionSettings()
        settings.commandSearch = .grammar
        settings.verifyWithPhoneLoop = true
        let flags = HearingDecoders.configuration(settings, adaptation: nil).flags
        #expect(flags["-allphone_ci"] == "yes")
        #expect(flags["-compallsen"] == "yes")
        #expect(flags["-remove_silence"] == "no")
    }

    @Test("an experiment's flag overrides the typed setting of the same flag")
    func experimentsOverride() {
        var settings = RecognitionSettings()
        settings.decoderOptions = ["-bestpath": "yes", "-topn": "2"]
        let flags = HearingDecoders.configuration(settings, adaptation: nil).flags
        #expect(flags["-bestpath"] == "yes")
        #expect(flags["-topn"] == "2")
        #expect(flags["-cmn"] == "batch")
    }
}
