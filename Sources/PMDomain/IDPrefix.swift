public import Foundation

/// A project id as a user types it: any unique prefix of at least 4 hex digits, like git.
public struct IDPrefix: Hashable, Sendable, CustomStringConvertible {
    /// The prefix in lowercase, hyphens kept where the user typed them.
    public let text: String

    /// The fewest hex digits a prefix may have.
    public static let minimumDigits = 4

    /// Checks what the user typed. Fullwidth digits (from a Korean or Japanese input method)
    /// read as ASCII; hyphens may be typed or left out.
    public init(_ input: String) throws(RuleViolation) {
        let text = input.precomposedStringWithCompatibilityMapping.trimmingCharacters(in: .whitespacesAndNewlines)
            .lowercased()
        guard text.allSatisfy({ ($0.isASCII && $0.isHexDigit) || $0 == "-" }) else { throw .idPrefixNotHex(input) }
        let digits = text.filter { $0 != "-" }
        guard digits.count >= Self.minimumDigits else { throw .idPrefixShort(input) }
        guard digits.count <= 32 else { throw .idPrefixLong(input, digits: digits.count) }
        // Put the hyphens where a UUID has them, so the prefix compares with stored ids as text.
        var hyphenated = ""
        for (index, digit) in digits.enumerated() {
            if [8, 12, 16, 20].contains(index) { hyphenated.append("-") }
            hyphenated.append(digit)
        }
        self.text = hyphenated
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
            result[id] = String(text.prefix(length))
        }
        return result
    }

    private static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
    }
}
