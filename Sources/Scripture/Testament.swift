/// Old or New Testament; stored as "OT" / "NT".
public enum Testament: String, Sendable, Codable {
    case old = "OT"
    case new = "NT"
}
