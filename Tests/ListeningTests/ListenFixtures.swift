import Foundation
import Scripture
import SpeechFixtures

// Where `listen`'s end-to-end tests find the checkout and the Bible; their audio comes
// from SpeechFixtures (TestVoice, TestNoise, RoomNoise, PiperVoice).

/// The checkout these tests run from.
enum TestModel {
    static let checkout = Checkout.root
}

/// Where the Bible's text is: the checkout's `Models/Bible.db` (`scripts/setup.sh`).
enum TestData {
    static let bibleDatabase = TestModel.checkout.appendingPathComponent("Models/Bible.db")

    static let setupHint = "run scripts/test.sh (it downloads the BSB text and builds Models/Bible.db)"

    static func openStore() throws -> BibleStore {
        try BibleStore(path: bibleDatabase.path)
    }
}
