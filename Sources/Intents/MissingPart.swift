import Scripture

/// The words of an answer to "Ezra. Which chapter?" or "Ezra chapter one. Which verse?",
/// made a whole look-up with the part of it the daemon already has (``PartialReference``),
/// so that one reading of references serves both: "one eleven" after "Ezra" is "read ezra
/// chapter one eleven"; "eleven" or "verse eleven" after "Ezra 1" is "read ezra chapter 1
/// verse eleven".
public enum MissingPart {
    /// `words` completed with `part`'s book (and chapter): a look-up ``LookupPhrase`` reads.
    /// Words that name a book of their own are a whole look-up and are left as they are.
    public static func completed(_ words: [String], with part: PartialReference) -> [String] {
        guard !words.isEmpty, ScriptureReference.books(in: words.joined(separator: " ")).isEmpty else { return words }
        let book = part.book.spokenNames.first ?? part.book.name.lowercased()
        var head = ["read"] + book.split(separator: " ").map(String.init)
        var rest = words[...]
        if rest.first == "chapter" {
            // The chapter said again, whatever was asked ("chapter one verse eleven").
        } else if let chapter = part.chapter {
            if !part.book.hasOneChapter { head += ["chapter", String(chapter)] }
            if let first = rest.first, ["verse", "verses"].contains(first) { rest = rest.dropFirst() }
            head.append("verse")
        } else {
            head.append("chapter")
        }
        return head + rest
    }
}
