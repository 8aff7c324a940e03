import Foundation

/// The rules of a project card's fields (PRODUCT.md §1), checked in one place.
public enum ProjectRules {
    /// Longest title, in grapheme clusters.
    public static let titleLimit = 100
    /// Longest description, in grapheme clusters.
    public static let descriptionLimit = 1000

    /// The title as it will be stored: trimmed, one line, 1–100 characters.
    public static func title(_ text: String) throws(RuleViolation) -> String {
        let trimmed = Self.trimmed(text)
        if trimmed.unicodeScalars.contains(where: Self.isNewline) {
            throw .titleMultiline
        }
        // No more bytes than the limit means no more characters: count only longer titles.
        if !trimmed.isEmpty, trimmed.utf8.count <= titleLimit { return trimmed }
        let count = trimmed.count
        guard (1...titleLimit).contains(count) else {
            throw .titleLength(count)
        }
        return trimmed
    }

    /// The description as it will be stored: at most 1000 characters, newlines allowed.
    ///
    /// Surrounding blank lines and spaces are dropped, as a form would; inner ones are kept.
    public static func description(_ text: String) throws(RuleViolation) -> String {
        let trimmed = Self.trimmed(text)
        if trimmed.utf8.count <= descriptionLimit { return trimmed }
        let count = trimmed.count
        guard count <= descriptionLimit else {
            throw .descriptionLength(count)
        }
        return trimmed
    }

    /// `text` without surrounding white space. Most texts have none and are returned as they
    /// are: every operation pulled or imported is checked, and Foundation's trimming is slow.
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        if whitespace.contains(first) || whitespace.contains(last) {
            return text.trimmingCharacters(in: whitespace)
        }
        return text
    }

    private static let whitespace = CharacterSet.whitespacesAndNewlines

    /// The scalars that end a line. Each is a character of its own (or with LF, CR-LF), so a
    /// text holds a newline character exactly when it holds one of these.
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// A deadline that is being set (on create, or changed on edit) may not lie before today.
    public static func checkNotPast(_ deadline: Deadline, today: Deadline) throws(RuleViolation) {
        if deadline < today {
            throw .deadlinePast(deadline, today: today)
        }
    }
}
