import Foundation

/// The rules of a project card's fields (PRODUCT.md §1), checked in one place.
public enum ProjectRules {
    /// Longest title, in grapheme clusters.
    public static let titleLimit = 100
    /// Longest description, in grapheme clusters.
    public static let descriptionLimit = 1000

    /// The title as it will be stored: trimmed, one line, 1–100 characters.
    public static func title(_ text: String) throws(RuleViolation) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.contains(where: \.isNewline) {
            throw .titleMultiline
        }
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
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let count = trimmed.count
        guard count <= descriptionLimit else {
            throw .descriptionLength(count)
        }
        return trimmed
    }

    /// A deadline that is being set (on create, or changed on edit) may not lie before today.
    public static func checkNotPast(_ deadline: Deadline, today: Deadline) throws(RuleViolation) {
        if deadline < today {
            throw .deadlinePast(deadline, today: today)
        }
    }
}
