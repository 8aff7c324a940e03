extension KeyDecoder {
    /// Longer CSI sequences than this are garbage, not something still arriving.
    private static let longestSequence = 64

    /// ESC alone, or the CSI (`ESC [`) or SS3 (`ESC O`) sequence it starts.
    static func escapeToken(_ bytes: ArraySlice<UInt8>) -> Token {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return controlSequence(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return .incomplete }
            return .event(finalKey(bytes[start + 2]).map { .key($0) }, length: 3)
        default:
            // ESC followed by anything else was the Escape key, and the rest is typed after it.
            return .event(.key(.escape), length: 1)
        }
    }

    /// A CSI sequence: parameter bytes, intermediate bytes, then one final byte.
    private static func controlSequence(_ bytes: ArraySlice<UInt8>) -> Token {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) {
            index += 1
        }
        guard index < bytes.endIndex else {
            return bytes.count > longestSequence ? .event(nil, length: bytes.count) : .incomplete
        }
        let final = bytes[index]
        let length = index - start + 1
        guard (0x40...0x7E).contains(final) else { return .event(nil, length: length - 1) }
        let parameters = String(decoding: bytes[start + 2..<index], as: UTF8.self)
        if parameters.hasPrefix("<") {
            return .event(mouse(parameters.dropFirst(), final: final).map { .mouse($0) }, length: length)
        }
        if final == UInt8(ascii: "~") {
            let number = parameters.split(separator: ";").first.flatMap { Int($0) }
            if number == 200 { return .pasteStart(length: length) }
            return .event(number.flatMap(tildeKey).map { .key($0) }, length: length)
        }
        // Modifiers (`ESC [1;5A` for Ctrl-Up) are ignored: the board treats them as the plain key.
        return .event(finalKey(final).map { .key($0) }, length: length)
    }

    /// The key a CSI or SS3 sequence names by its final byte.
    private static func finalKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "Z"): .backTab
        default: nil
        }
    }

    /// The key an `ESC [n~` sequence names; 1/7 and 4/8 are Home and End in the two
    /// conventions terminals use.
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 4, 8: .end
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        default: nil
        }
    }

    /// An SGR (1006) mouse report `ESC [<b;x;yM`, where `m` instead of `M` is a release and
    /// x and y count from 1.
    private static func mouse(_ parameters: Substring, final: UInt8) -> MouseEvent? {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
        let code = numbers[0]
        let buttons: [MouseEvent.Button?] = [.left, .middle, .right, nil]
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            // Codes 66 and 67 are the sideways wheel, which the board has no use for.
            switch code & 3 {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil
            }
        } else if final == UInt8(ascii: "m") {
            kind = .release
        } else if let button = buttons[code & 3] {
            kind = code & 32 != 0 ? .drag(button) : .press(button)
        } else {
            return nil
        }
        return MouseEvent(kind: kind, x: numbers[1] - 1, y: numbers[2] - 1)
    }
}
