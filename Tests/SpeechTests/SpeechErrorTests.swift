import Testing
@testable import Speech

@Suite struct SpeechErrorTests {
    @Test func unknownVoiceNamesTheVoice() {
        #expect(SpeechError.unknownVoice(name: "xx-nope").description.contains("xx-nope"))
    }
}
