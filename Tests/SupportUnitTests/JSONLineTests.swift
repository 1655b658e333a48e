import Support
import Testing

/// The line outputs keep their keys in the order they were added, write nil as null, and
/// escape what JSON must escape (tools and people both read them).
@Suite struct JSONLineTests {
    @Test("keys in the order added, values encoded, nil as null")
    func orderAndValues() {
        var inner = JSONLine()
        inner.add("command", "next")
        var line = JSONLine()
        line.add("file", "a \"b\"\n.wav")
        line.add("intent", object: inner)
        line.add("confidence", 0.123456, decimals: 3)
        line.add("audio_ms", 1340.0)
        line.add("rejected", nil as String?)
        line.add("terms", ["Romans", "é"])
        line.add("utterances", objects: [inner, inner])
        line.add("snr", Double.infinity, decimals: 1)
        #expect(line.text == #"{"file": "a \"b\"\n.wav", "intent": {"command": "next"}, "confidence": 0.123, "#
            + #""audio_ms": 1340, "rejected": null, "terms": ["Romans","é"], "#
            + #""utterances": [{"command": "next"}, {"command": "next"}], "snr": null}"#)
    }
}
