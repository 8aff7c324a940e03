public import Foundation

/// A project id as a user types it: any unique prefix of at least 4 hex digits, like git.
public struct IDPrefix: Hashable, Sendable, CustomStringConvertible {
    /// The prefix in lowercase, hyphens kept where the user typed them.
    public let text: String

    /// The fewest hex digits a prefix may have.
    public static let minimumDigits = 4

    /// Checks what the user typed.
    public init(_ input: String) throws(RuleViolation) {
        let text = input.trimmingCharacters(in: .whitespaces).lowercased()
        guard text.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { throw .idPrefixNotHex(input) }
        guard text.count(where: { $0.isHexDigit }) >= Self.minimumDigits else { throw .idPrefixShort(input) }
        self.text = text
    }

    public var description: String { text }

    /// Whether `id` starts with this prefix.
    public func matches(_ id: UUID) -> Bool {
        id.lowercased.hasPrefix(text)
    }

    /// The shortest prefix of each id, at least 4 hex digits, that no other id shares: how ids
    /// are shown.
    public static func shortest(for ids: some Sequence<UUID>) -> [UUID: String] {
        let sorted = ids.map { ($0, $0.lowercased) }.sorted { $0.1 < $1.1 }
        var result: [UUID: String] = [:]
        result.reserveCapacity(sorted.count)
        for (index, (id, text)) in sorted.enumerated() {
            var length = minimumDigits
            for neighbour in [index - 1, index + 1] where sorted.indices.contains(neighbour) {
                length = max(length, commonPrefixLength(text, sorted[neighbour].1) + 1)
            }
            var prefix = String(text.prefix(length))
            if prefix.hasSuffix("-") { prefix = String(text.prefix(length + 1)) }
            result[id] = prefix
        }
        return result
    }

    private static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
    }
}
