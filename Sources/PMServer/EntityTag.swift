import Crypto
import PMDomain

/// The strong entity tags the server gives what it serves (the calendar feed, CalDAV cards, the
/// web board's files): the first 16 bytes of the content's SHA-256 in hex, quoted. Equal bytes
/// give equal tags on every server process, so a cache stays valid across restarts.
public enum EntityTag {
    /// The strong entity tag of `bytes`.
    public static func of(_ bytes: some Sequence<UInt8>) -> String {
        "\"" + SHA256.hash(data: Array(bytes)).prefix(16).lowercaseHex + "\""
    }
}
