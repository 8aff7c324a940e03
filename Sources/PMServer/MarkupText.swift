/// Text made safe inside an element or a quoted attribute, in XML (CalDAV's answers) and HTML
/// (the web board's pages) alike: the one escaping both write through.
public enum MarkupText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, `'` as `apostrophe` (`&apos;` in XML;
    /// `&#39;` in HTML, which before HTML5 has no `&apos;`). Text with none of them is returned
    /// as it is, without a copy.
    public static func escaped(_ text: String, apostrophe: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 })
        else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += apostrophe
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
