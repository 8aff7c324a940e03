/// A password as a person sets it for signing in: 8 to 1000 characters. Eight is the least
/// that a guess-limited sign-in makes hard enough to guess; a thousand leaves room for a
/// passphrase while bounding what the server hashes. Characters are counted as a person sees
/// them (grapheme clusters), so `é` typed either way is one.
public struct Password: Sendable {
    /// How many characters a password may have.
    public static let lengths = 8...1000

    /// The password's text.
    public let text: String

    /// A password, refused unless it has ``lengths`` characters.
    public init(validating text: String) throws(PasswordError) {
        guard Self.lengths.contains(text.count) else { throw PasswordError(length: text.count) }
        self.text = text
    }
}

/// A password that breaks the rule of ``Password/lengths``.
public struct PasswordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// How many characters the refused password had.
    public let length: Int

    /// The error for a password of `length` characters.
    public init(length: Int) {
        self.length = length
    }

    public var description: String {
        let range = "\(Password.lengths.lowerBound) to \(Password.lengths.upperBound) characters"
        return "a password must have \(range); this one has \(length)"
    }
}
