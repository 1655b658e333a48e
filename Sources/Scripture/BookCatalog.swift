/// The 66 books with every name a person writes or says for them.
///
/// Look-ups are case-insensitive and go through ``BookName`` normalisation, so
/// "1 Cor", "1cor", "I Corinthians", "First Corinthians" and "one corinthians" all reach
/// the same book. Nothing here touches a database.
public enum BookCatalog {
    /// All books in canonical order; `books[id - 1].id == id`.
    public static let books: [Book] = [
        book(1, "Genesis", "Gen", .old, ["Gen", "Ge", "Gn"]),
        book(2, "Exodus", "Exod", .old, ["Exod", "Exo", "Ex"]),
        book(3, "Leviticus", "Lev", .old, ["Lev", "Le", "Lv"]),
        book(4, "Numbers", "Num", .old, ["Num", "Nu", "Nm", "Nb"]),
        book(5, "Deuteronomy", "Deut", .old, ["Deut", "Deu", "Dt", "De"]),
        book(6, "Joshua", "Josh", .old, ["Josh", "Jos", "Jsh"]),
        book(7, "Judges", "Judg", .old, ["Judg", "Jdg", "Jdgs", "Jg"]),
        book(8, "Ruth", "Ruth", .old, ["Rth", "Ru"]),
        numbered(9, 1, "Samuel", "1Sam", .old, ["Sam", "Sa", "Sm"]),
        numbered(10, 2, "Samuel", "2Sam", .old, ["Sam", "Sa", "Sm"]),
        numbered(11, 1, "Kings", "1Kgs", .old, ["Kgs", "Kin", "Ki"]),
        numbered(12, 2, "Kings", "2Kgs", .old, ["Kgs", "Kin", "Ki"]),
        numbered(13, 1, "Chronicles", "1Chr", .old, ["Chron", "Chr", "Ch"]),
        numbered(14, 2, "Chronicles", "2Chr", .old, ["Chron", "Chr", "Ch"]),
        book(15, "Ezra", "Ezra", .old, ["Ezr"]),
        book(16, "Nehemiah", "Neh", .old, ["Neh", "Ne"]),
        book(17, "Esther", "Esth", .old, ["Esth", "Est", "Es"]),
        book(18, "Job", "Job", .old, ["Jb"]),
        book(19, "Psalms", "Ps", .old, ["Psalm", "Ps", "Psa", "Pss", "Psm", "Pslm"],
             spoken: ["psalm", "psalms"], referenceName: "Psalm"),
        book(20, "Proverbs", "Prov", .old, ["Prov", "Pro", "Prv", "Pr"]),
        book(21, "Ecclesiastes", "Eccl", .old, ["Eccl", "Eccles", "Ecc", "Ec", "Qoheleth"]),
        book(22, "Song of Songs", "Song", .old,
             ["Song", "Song of Solomon", "Song of Sol", "Songs", "SOS", "So", "Sg", "Canticles",
              "Canticle of Canticles", "Cant"],
             spoken: ["song of songs", "song of solomon"]),
        book(23, "Isaiah", "Isa", .old, ["Isa", "Is"]),
        book(24, "Jeremiah", "Jer", .old, ["Jer", "Je", "Jr"]),
        book(25, "Lamentations", "Lam", .old, ["Lam", "La"]),
        book(26, "Ezekiel", "Ezek", .old, ["Ezek", "Eze", "Ezk"]),
        book(27, "Daniel", "Dan", .old, ["Dan", "Da", "Dn"]),
        book(28, "Hosea", "Hos", .old, ["Hos", "Ho"]),
        book(29, "Joel", "Joel", .old, ["Jl"]),
        book(30, "Amos", "Amos", .old, ["Am"]),
        book(31, "Obadiah", "Obad", .old, ["Obad", "Ob"]),
        book(32, "Jonah", "Jonah", .old, ["Jon", "Jnh"]),
        book(33, "Micah", "Mic", .old, ["Mic", "Mc"]),
        book(34, "Nahum", "Nah", .old, ["Nah", "Na"]),
        book(35, "Habakkuk", "Hab", .old, ["Hab", "Hb"]),
        book(36, "Zephaniah", "Zeph", .old, ["Zeph", "Zep", "Zp"]),
        book(37, "Haggai", "Hag", .old, ["Hag", "Hg"]),
        book(38, "Zechariah", "Zech", .old, ["Zech", "Zec", "Zc"]),
        book(39, "Malachi", "Mal", .old, ["Mal", "Ml"]),
        book(40, "Matthew", "Matt", .new, ["Matt", "Mat", "Mt"]),
        book(41, "Mark", "Mark", .new, ["Mrk", "Mar", "Mk"]),
        book(42, "Luke", "Luke", .new, ["Luk", "Lk"]),
        book(43, "John", "John", .new, ["Jhn", "Joh", "Jn"]),
        book(44, "Acts", "Acts", .new, ["Act", "Ac", "Acts of the Apostles"],
             spoken: ["acts", "acts of the apostles"]),
        book(45, "Romans", "Rom", .new, ["Rom", "Ro", "Rm"]),
        numbered(46, 1, "Corinthians", "1Cor", .new, ["Cor", "Co"]),
        numbered(47, 2, "Corinthians", "2Cor", .new, ["Cor", "Co"]),
        book(48, "Galatians", "Gal", .new, ["Gal", "Ga"]),
        book(49, "Ephesians", "Eph", .new, ["Eph", "Ephes"]),
        book(50, "Philippians", "Phil", .new, ["Phil", "Php", "Pp"]),
        book(51, "Colossians", "Col", .new, ["Col"]),
        numbered(52, 1, "Thessalonians", "1Thess", .new, ["Thess", "Thes", "Th"]),
        numbered(53, 2, "Thessalonians", "2Thess", .new, ["Thess", "Thes", "Th"]),
        numbered(54, 1, "Timothy", "1Tim", .new, ["Tim", "Tm", "Ti"]),
        numbered(55, 2, "Timothy", "2Tim", .new, ["Tim", "Tm", "Ti"]),
        book(56, "Titus", "Titus", .new, ["Tit", "Ti"]),
        book(57, "Philemon", "Phlm", .new, ["Phlm", "Philem", "Phm", "Pm"]),
        book(58, "Hebrews", "Heb", .new, ["Heb"]),
        book(59, "James", "Jas", .new, ["Jas", "Jm"]),
        numbered(60, 1, "Peter", "1Pet", .new, ["Pet", "Pe", "Pt"]),
        numbered(61, 2, "Peter", "2Pet", .new, ["Pet", "Pe", "Pt"]),
        numbered(62, 1, "John", "1John", .new, ["Jhn", "Joh", "Jn"]),
        numbered(63, 2, "John", "2John", .new, ["Jhn", "Joh", "Jn"]),
        numbered(64, 3, "John", "3John", .new, ["Jhn", "Joh", "Jn"]),
        book(65, "Jude", "Jude", .new, ["Jud", "Jd"]),
        book(66, "Revelation", "Rev", .new,
             ["Rev", "Re", "Rv", "Revelations", "The Revelation", "Revelation of John",
              "The Revelation of John", "Apocalypse"],
             spoken: ["revelation", "revelations"]),
    ]

    /// Books of other canons (the deuterocanonical books and the other apocrypha) by every
    /// usual name, with the name a person is told: these are not in this Bible, and a
    /// reference to one is refused with that reason rather than as an unknown book.
    static let otherCanons: [String: String] = {
        let table: [(String, [String])] = [
            ("Tobit", ["Tobit", "Tob", "Tb"]),
            ("Judith", ["Judith", "Jdt", "Jdth"]),
            ("Wisdom", ["Wisdom", "Wisdom of Solomon", "Wis", "Wisd", "Book of Wisdom"]),
            ("Sirach", ["Sirach", "Sir", "Ecclesiasticus", "Ecclus", "Ben Sira", "Wisdom of Ben Sira",
                        "Wisdom of Sirach"]),
            ("Baruch", ["Baruch", "Bar"]),
            ("the Letter of Jeremiah", ["Letter of Jeremiah", "Epistle of Jeremiah", "Let Jer", "EpJer"]),
            ("1 Maccabees", ["1 Maccabees", "First Maccabees", "I Maccabees", "1 Macc", "1 Mac", "1Macc", "1 Mc"]),
            ("2 Maccabees", ["2 Maccabees", "Second Maccabees", "II Maccabees", "2 Macc", "2 Mac", "2Macc", "2 Mc"]),
            ("3 Maccabees", ["3 Maccabees", "Third Maccabees", "III Maccabees", "3 Macc"]),
            ("4 Maccabees", ["4 Maccabees", "Fourth Maccabees", "IV Maccabees", "4 Macc"]),
            ("1 Esdras", ["1 Esdras", "First Esdras", "I Esdras", "1 Esd"]),
            ("2 Esdras", ["2 Esdras", "Second Esdras", "II Esdras", "2 Esd"]),
            ("the Prayer of Manasseh", ["Prayer of Manasseh", "Prayer of Manasses", "Pr Man", "PrMan"]),
            ("Susanna", ["Susanna", "Sus"]),
            ("Bel and the Dragon", ["Bel and the Dragon", "Bel"]),
            ("the Prayer of Azariah", ["Prayer of Azariah", "Song of the Three Children", "Song of the Three",
                                       "Song of Three Youths"]),
            ("the Additions to Esther", ["Additions to Esther", "Greek Esther", "Add Esth"]),
            ("Enoch", ["Enoch", "1 Enoch", "First Enoch"]),
            ("Jubilees", ["Jubilees", "Jub"]),
            ("the Epistle to the Laodiceans", ["Laodiceans", "Epistle to the Laodiceans"]),
            ("the Gospel of Thomas", ["Gospel of Thomas", "Thomas"]),
            ("the Gospel of Peter", ["Gospel of Peter"]),
            ("the Gospel of Judas", ["Gospel of Judas"]),
            ("the Gospel of Mary", ["Gospel of Mary"]),
            ("the Gospel of Philip", ["Gospel of Philip"]),
            ("the Shepherd of Hermas", ["Shepherd of Hermas", "Hermas"]),
            ("the Didache", ["Didache"]),
        ]
        var index: [String: String] = [:]
        for (name, names) in table {
            for alias in names {
                if let key = BookName.key(alias) { index[key] = name }
            }
        }
        return index
    }()

    /// The longest name of another canon, in words.
    static let longestOtherCanonWordCount: Int = otherCanons.keys
        .map { $0.split(separator: " ").count }.max() ?? 1

    /// The book with canonical position `id` (1...66).
    public static func book(id: Int) -> Book? {
        guard id >= 1, id <= books.count else { return nil }
        return books[id - 1]
    }

    /// The book any of whose names is `name`, ignoring case, spacing and the way the
    /// number of a numbered book is written ("1", "I", "First", "one", "1st").
    public static func book(named name: String) -> Book? {
        guard let key = BookName.key(name) else { return nil }
        return index[key]
    }

    /// The book whose name is spelled by `words` (already normalised tokens).
    static func book(key: String) -> Book? { index[key] }

    /// The longest name, in words: how far the reference parser looks ahead.
    static let longestNameWordCount: Int = index.keys
        .map { $0.split(separator: " ").count }.max() ?? 1

    private static let index: [String: Book] = {
        var index: [String: Book] = [:]
        for book in books {
            for name in [book.name, book.osis, book.referenceName] + book.aliases + book.spokenNames {
                if let key = BookName.key(name), index[key] == nil { index[key] = book }
            }
        }
        return index
    }()

    // MARK: - Building the table

    private static func book(
        _ id: Int, _ name: String, _ osis: String, _ testament: Testament, _ aliases: [String],
        spoken: [String]? = nil, referenceName: String? = nil
    ) -> Book {
        Book(
            id: id, name: name, osis: osis, testament: testament, aliases: aliases,
            spokenNames: spoken ?? [name.lowercased()],
            referenceName: referenceName ?? name
        )
    }

    /// A numbered book ("1 Corinthians"): its aliases are every usual way of writing the
    /// number in front of the base name and each abbreviation of it.
    private static func numbered(
        _ id: Int, _ number: Int, _ base: String, _ osis: String, _ testament: Testament,
        _ abbreviations: [String]
    ) -> Book {
        let roman = ["I", "II", "III"][number - 1]
        let ordinal = ["First", "Second", "Third"][number - 1]
        let short = ["1st", "2nd", "3rd"][number - 1]
        var aliases = ["\(roman) \(base)", "\(ordinal) \(base)", "\(short) \(base)", "\(number)\(base)"]
        for abbreviation in abbreviations {
            aliases += ["\(number) \(abbreviation)", "\(number)\(abbreviation)", "\(roman) \(abbreviation)"]
        }
        let lowerBase = base.lowercased()
        let spokenNumber = ["one", "two", "three"][number - 1]
        return Book(
            id: id, name: "\(number) \(base)", osis: osis, testament: testament,
            aliases: aliases,
            spokenNames: ["\(ordinal.lowercased()) \(lowerBase)", "\(spokenNumber) \(lowerBase)",
                          "\(roman.lowercased()) \(lowerBase)"],
            referenceName: "\(number) \(base)"
        )
    }
}
