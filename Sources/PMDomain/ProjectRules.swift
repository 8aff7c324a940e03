import Foundation

/// The rules of a project card's fields (PRODUCT.md §1), checked in one place.
public enum ProjectRules {
    /// Longest title, in grapheme clusters.
    public static let titleLimit = 100
    /// Longest description, in grapheme clusters.
    public static let descriptionLimit = 1000

    /// The title as it will be stored: trimmed, one line, no control characters, 1–100 characters.
    public static func title(_ text: String) throws(RuleViolation) -> String {
        try title(text, allowingControls: false)
    }

    /// The title rule; `allowingControls` only for operations a server stored before control
    /// characters were refused (see ``ProjectFields/validate(allowingControlCharacters:)``).
    static func title(_ text: String, allowingControls: Bool) throws(RuleViolation) -> String {
        let trimmed = Self.trimmed(text)
        if trimmed.unicodeScalars.contains(where: Self.isNewline) {
            throw .titleMultiline
        }
        if !allowingControls, let control = firstControl(in: trimmed, allowing: []) {
            throw .titleControl(control)
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
    /// Control characters are refused but for the line breaks and tabs a text is written with.
    public static func description(_ text: String) throws(RuleViolation) -> String {
        try description(text, allowingControls: false)
    }

    /// The description rule; `allowingControls` as for ``title(_:allowingControls:)``.
    static func description(_ text: String, allowingControls: Bool) throws(RuleViolation) -> String {
        let trimmed = Self.trimmed(text)
        if !allowingControls, let control = firstControl(in: trimmed, allowing: descriptionControls) {
            throw .descriptionControl(control)
        }
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

    /// Whether `scalar` is a control character: C0, DEL or C1. A terminal obeys them rather than
    /// showing them, so a title holding `ESC ] 0 ;` retitles every teammate's window, and
    /// U+0000 ends the text early in C-string APIs.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Tab, line feed and carriage return (CR-LF is how browsers send a text area's lines).
    private static let descriptionControls: Set<UInt32> = [0x09, 0x0A, 0x0D]

    private static func firstControl(in text: String, allowing allowed: Set<UInt32>) -> Unicode.Scalar? {
        // Most texts hold no byte below 0x20, no DEL and no C1 lead byte (0xC2 0x80–0x9F): skip them fast.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return nil }
        return text.unicodeScalars.first { isControl($0) && !allowed.contains($0.value) }
    }

    /// A deadline that is being set (on create, or changed on edit) may not lie before today.
    public static func checkNotPast(_ deadline: Deadline, today: Deadline) throws(RuleViolation) {
        if deadline < today {
            throw .deadlinePast(deadline, today: today)
        }
    }
}
