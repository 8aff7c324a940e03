/// A new user or board name that breaks ``ServerName/rule``.
public struct ServerNameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being named: `board` or `user`.
    public let kind: String
    /// The refused name.
    public let name: String

    /// The refusal of `name` for a `kind` (`board` or `user`).
    public init(kind: String, name: String) {
        self.kind = kind
        self.name = name
    }

    public var description: String {
        let refusal = "a \(kind) name must be \(ServerName.rule), got \"\(name)\""
        return name.unicodeScalars.allSatisfy(\.isASCII) ? refusal : refusal + " (\(ServerName.whyASCII))"
    }
}
