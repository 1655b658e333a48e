import Scripture
import Testing

/// References named inside running text (the transcript normaliser's `references`).
@Suite struct ReferenceFinderTests {
    @Test("references in running text", arguments: [
        ("as it says in habakkuk chapter two verse four the righteous will live", ["Hab 2:4"]),
        ("read John 3:16 and then Romans 8", ["John 3:16", "Rom 8"]),
        ("the book of Genesis falls into two broad parts", []),
        ("in Matthew chapter twenty two he summarizes the law", ["Matt 22"]),
        ("nothing here", []),
        // The text's own "to" after the verse is no range (heard by listen, Piper's voice).
        ("as it says in psalms chapter eighteen verse twenty six to the pure you show yourself pure", ["Ps 18:26"]),
        ("read romans eight twenty eight to thirty and rejoice", ["Rom 8:28-30"]),
        // What a recogniser writes for "verse", between a said chapter and a number.
        ("in numbers chapter twenty three burst nineteen god is not a man", ["Num 23:19"]),
        ("read genesis chapter one first three", ["Gen 1:3"]),
        ("genesis one burst three", ["Gen 1"]),
        // "first" for "verse" after a round chapter: not the ordinal 31st.
        ("in exodus chapter thirty first twelve the lord said", ["Exod 30:12"]),
        ("as it says in john chapter twenty first nineteen", ["John 20:19"]),
    ])
    func finds(text: String, expected: [String]) {
        #expect(ScriptureReference.find(in: text).map(\.compact) == expected)
    }

    @Test func anEverydayWordNamesABookOnlyWithMoreThanALoneNumber() {
        let everyday: (String) -> Bool = { ["job", "mark"].contains($0) }
        #expect(ScriptureReference.find(in: "I got a job two years ago", ambiguous: everyday).isEmpty)
        #expect(ScriptureReference.find(in: "I lost the job two years ago", ambiguous: everyday).isEmpty)
        #expect(ScriptureReference.find(in: "read job chapter two", ambiguous: everyday).map(\.compact) == ["Job 2"])
        #expect(ScriptureReference.find(in: "mark twelve thirty", ambiguous: everyday).map(\.compact) == ["Mark 12:30"])
        #expect(ScriptureReference.find(in: "the book of job two", ambiguous: everyday).map(\.compact) == ["Job 2"])
    }
}
