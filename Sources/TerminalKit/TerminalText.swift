/// Text written by other people — card titles and descriptions from teammates, calendar apps or
/// an old export — made safe to print on a terminal. A control character is shown as `<U+001B>`
/// instead of being obeyed, so no title can retitle the window, clear the screen or write the
/// clipboard (OSC 52). Line feeds and tabs pass: they are how text is laid out.
public enum TerminalText {
    /// `text` with each control character but line feed and tab shown as its code point. With
    /// `keepingStyles`, colour and weight sequences (`ESC [ … m`, SGR) pass too: they are how the
    /// caller itself draws red or bold, and they can only restyle text, never move or clear it.
    public static func printable(_ text: String, keepingStyles: Bool = false) -> String {
        // Nearly every text has none: one pass over the bytes (C1 characters start with 0xC2).
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x7F || $0 == 0xC2 })
        else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if keepingStyles, scalar == "\u{1B}", let length = styleLength(after: scalars) {
                result.append(scalar)
                result.append(contentsOf: scalars.prefix(length))
                scalars = scalars.dropFirst(length)
            } else if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result.append(
                    contentsOf: ("<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">")
                        .unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    /// The length of `[` digits-and-semicolons `m` at the start of `rest`, an SGR sequence's tail.
    private static func styleLength(after rest: Substring.UnicodeScalarView) -> Int? {
        guard rest.first == "[" else { return nil }
        var length = 1
        for scalar in rest.dropFirst() {
            length += 1
            if scalar == "m" { return length }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
        }
        return nil
    }
}
