extension Character {
    /// How many terminal columns the character takes: 2 for East Asian wide characters (한글,
    /// 漢字) and emoji, 0 for combining marks and zero-width characters, 1 otherwise.
    public var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if first.value < 0x300 { return 1 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if first.properties.isEmojiPresentation || Self.isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth W and F).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}

extension StringProtocol {
    /// How many terminal columns the text takes on one line.
    public var displayWidth: Int {
        // Titles are mostly printable Latin, Hangul syllables and CJK ideographs, where each
        // scalar is a character of its own: counted by scalars, without finding grapheme
        // clusters (a tenth of `pm list` on a board of 10,000 cards). Anything else (emoji,
        // joiners, combining marks, controls) goes by characters.
        var width = 0
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x20..<0x7F, 0xA0..<0x300: width += 1
            case 0xAC00...0xD7A3, 0x4E00...0x9FFF: width += 2
            default: return characterWidth
            }
        }
        return width
    }

    /// ``displayWidth`` character by character.
    var characterWidth: Int {
        var width = 0
        for character in self {
            width += character.displayWidth
        }
        return width
    }

    /// The text cut to at most `width` columns, ending in `…` when cut. A double-width
    /// character that would straddle the edge is dropped rather than split.
    public func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return String(self) }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in self {
            let next = character.displayWidth
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// The text cut to `width` columns and padded with spaces to exactly `width`.
    public func padded(toWidth width: Int) -> String {
        // The width is counted once for text that fits, as nearly every title does.
        let own = displayWidth
        if own <= width { return String(self) + String(repeating: " ", count: width - own) }
        let cut = truncated(toWidth: width)
        return cut + String(repeating: " ", count: Swift.max(0, width - cut.displayWidth))
    }
}
