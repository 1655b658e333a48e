import Support
import ArgumentParser
import Assistant
import Audio
import Course
import Decoding
import Foundation
import Hearing
import Intents
import Scripture
import Vocabulary

/// One utterance of a file as `recognize --json` prints it in `utterances`: where it lies
/// (seconds), what was heard, and the intent or why there is none.
struct UtteranceJSON {
    let start: Double
    let end: Double
    let text: String
    let intent: Intent

    init(_ utterance: RecordedSpeech.Utterance) {
        start = utterance.start
        end = utterance.end
        text = utterance.recognition.hypothesis.text
        intent = utterance.recognition.intent
    }

    var json: JSONLine {
        var rejected: String? = nil
        if case .rejected(let why) = intent { rejected = why.description }
        var line = JSONLine()
        line.add("start", start, decimals: 1)
        line.add("end", end, decimals: 1)
        line.add("text", text)
        line.add("intent", object: FileRecognition.intentJSON(intent))
        line.add("rejected", rejected)
        return line
    }
}
