/// The names of users and boards on a server: what fits in a URL path segment without
/// escaping, like a repository's name on a forge. `pm-server` refuses any other name when it
/// is made, and `pm remote set` when it is given, rather than at the first sync.
public enum ServerName {
    /// The rule, as messages state it.
    public static let rule = "1–64 characters of A-Z, a-z, 0-9, '-', '_' or '.', and not '.' or '..'"

    /// Why names are ASCII, for a name that is not: said with the refusal so that nobody takes it
    /// for an oversight.
    public static let whyASCII =
        "names are ASCII because they are part of the board's web, API and CalDAV addresses and of "
        + "calendar apps' sign-in, where apps differ in how they send other letters; card titles and "
        + "notes take any text, Korean included"

    /// Whether `name` follows ``rule``.
    public static func isValid(_ name: String) -> Bool {
        // "." and ".." are path segments browsers and CalDAV clients resolve away before sending.
        name != "." && name != ".." && (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                    true
                default: false
                }
            }
    }
}
