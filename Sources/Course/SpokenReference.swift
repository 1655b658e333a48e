import Scripture

/// How the daemon says a Scripture reference and why a requested passage does not exist.
///
/// espeak-ng reads "2:4" as numbers run together, so references are spoken with the
/// words "chapter" and "verse", as people ask for them.
public enum SpokenReference {
    /// "Habakkuk chapter 2, verse 4", "Genesis chapter 9, verses 8 to 17", "Psalm 23".
    public static func phrase(_ reference: ScriptureReference) -> String {
        let name = reference.book.name
        let start = reference.start
        let end = reference.end
        if reference.isWholeChapters {
            return start.chapter == end.chapter
                ? "\(name) chapter \(start.chapter)"
                : "\(name) chapters \(start.chapter) to \(end.chapter)"
        }
        if start.chapter != end.chapter {
            return "\(name) chapter \(start.chapter), verse \(start.verse), to chapter \(end.chapter), verse \(end.verse)"
        }
        if start.verse == end.verse {
            return "\(name) chapter \(start.chapter), verse \(start.verse)"
        }
        return "\(name) chapter \(start.chapter), verses \(start.verse) to \(end.verse)"
    }

    /// The part of a look-up that was heard, and a question for the rest: "Ezra. Which
    /// chapter?", "Ezra chapter 1. Which verse?", "Jude. Which verse?".
    public static func askingFor(_ part: PartialReference) -> String {
        guard let chapter = part.chapter else { return "\(part.book.name). Which chapter?" }
        if part.book.hasOneChapter { return "\(part.book.name). Which verse?" }
        return "\(part.book.name) chapter \(chapter). Which verse?"
    }

    /// The short reply to a look-up of a passage that does not exist.
    public static func noSuchPassage(_ error: ReferenceError) -> String {
        switch error {
        case .noChapter(let book, _):
            let count = book.chapterCount
            return "\(Reply.noSuchPassage.text) \(book.name) has \(count) chapter\(count == 1 ? "" : "s")."
        case .noVerse(let book, let chapter, _):
            let count = book.verseCount(chapter: chapter) ?? 0
            return "\(Reply.noSuchPassage.text) \(book.name) chapter \(chapter) has \(count) verses."
        case .notInTranslation:
            return "That verse is not in the Berean Standard Bible."
        default:
            return Reply.noSuchPassage.text
        }
    }
}
