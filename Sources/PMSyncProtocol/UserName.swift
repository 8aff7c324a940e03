/// A user's name on a server. A new user's name follows ``ServerName/rule``
/// (``init(validating:)``); a name read from the store is taken as it is (``init(_:)``).
public struct UserName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name's text.
    public let text: String

    /// The name `text`, unchecked: for names that already exist or are looked up.
    public init(_ text: String) {
        self.text = text
    }

    /// A new user's name, refused unless it follows ``ServerName/rule``.
    public init(validating text: String) throws(ServerNameError) {
        guard ServerName.isValid(text) else { throw ServerNameError(kind: "user", name: text) }
        self.text = text
    }

    /// A name written in code, such as a test's `"ada"`.
    public init(stringLiteral text: String) {
        self.text = text
    }

    public var description: String { text }
}
