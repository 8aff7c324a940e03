import Testing

@testable import TerminalKit

@Suite struct KeyDecoderTests {
    private func decode(_ text: String) -> [InputEvent] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(text.utf8))
    }

    @Test(
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
            ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
            ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab),
            ("\u{1B}[1;5A", .up), ("\r", .enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace),
            ("\u{8}", .backspace), ("\u{13}", .ctrl("s")), ("\u{12}", .ctrl("r")), ("\u{3}", .ctrl("c")),
            ("\u{1}", .ctrl("a")), ("\u{1A}", .ctrl("z")), ("a", .character("a")), ("Z", .character("Z")),
            ("한", .character("한")), ("👩‍💻", .character("👩‍💻")),
        ])
    func eachKeyDecodesFromItsBytes(bytes: String, key: Key) {
        #expect(decode(bytes) == [.key(key)])
    }

    @Test func typedTextDecodesToOneKeyPerCharacter() {
        #expect(decode("a한b") == [.key(.character("a")), .key(.character("한")), .key(.character("b"))])
    }

    @Test func aSyllableSplitAcrossReadsWaitsForItsLastByte() {
        var decoder = KeyDecoder()
        let bytes = Array("한글".utf8)

        let first = decoder.decode(bytes[0..<4])
        let second = decoder.decode(bytes[4...])

        #expect(first == [.key(.character("한"))])
        #expect(second == [.key(.character("글"))])
    }

    @Test func aSequenceSplitAcrossReadsIsNotAnEscape() {
        var decoder = KeyDecoder()

        let first = decoder.decode(Array("\u{1B}[".utf8))
        let second = decoder.decode(Array("5~".utf8))

        #expect(first == [])
        #expect(second == [.key(.pageUp)])
    }

    @Test func aLoneEscapeWaitsUntilFlushed() {
        var decoder = KeyDecoder()

        let decoded = decoder.decode([0x1B])
        let pending = decoder.hasPendingEscape
        let flushed = decoder.flushPendingEscape()

        #expect(decoded == [])
        #expect(pending)
        #expect(flushed == [.key(.escape)])
        #expect(decoder.flushPendingEscape() == [])
    }

    @Test func flushingAfterAnIncompleteSequenceTypesTheRest() {
        var decoder = KeyDecoder()
        _ = decoder.decode(Array("\u{1B}[".utf8))

        #expect(decoder.flushPendingEscape() == [.key(.escape), .key(.character("["))])
    }

    @Test func anEscapeFollowedByASequenceIsTwoKeys() {
        #expect(decode("\u{1B}\u{1B}[A") == [.key(.escape), .key(.up)])
        #expect(decode("\u{1B}x") == [.key(.escape), .key(.character("x"))])
    }

    @Test func unknownSequencesAreSkipped() {
        #expect(decode("\u{1B}[15~a\u{1B}OPb") == [.key(.character("a")), .key(.character("b"))])
    }

    @Test func anSGRMouseClickIsAPressAtZeroBasedCoordinates() {
        let events = decode("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<2;1;1M")

        #expect(
            events == [
                .mouse(MouseEvent(kind: .press(.left), x: 9, y: 4)),
                .mouse(MouseEvent(kind: .release, x: 9, y: 4)),
                .mouse(MouseEvent(kind: .press(.right), x: 0, y: 0)),
            ])
    }

    @Test func theMouseWheelAndDragsDecode() {
        let events = decode("\u{1B}[<64;3;4M\u{1B}[<65;3;4M\u{1B}[<32;7;8M")

        #expect(
            events == [
                .mouse(MouseEvent(kind: .wheelUp, x: 2, y: 3)),
                .mouse(MouseEvent(kind: .wheelDown, x: 2, y: 3)),
                .mouse(MouseEvent(kind: .drag(.left), x: 6, y: 7)),
            ])
    }

    @Test func aMouseReportSplitAcrossReadsDecodesOnce() {
        var decoder = KeyDecoder()

        let first = decoder.decode(Array("\u{1B}[<0;12".utf8))
        let second = decoder.decode(Array(";3M".utf8))

        #expect(first == [])
        #expect(second == [.mouse(MouseEvent(kind: .press(.left), x: 11, y: 2))])
    }

    @Test func aBracketedPasteIsTextNotKeys() {
        var decoder = KeyDecoder()

        let first = decoder.decode(Array("\u{1B}[200~line 1\r\n한글 \u{1B}[".utf8))
        let second = decoder.decode(Array("A\u{1B}[201~q".utf8))

        #expect(first == [])
        #expect(second == [.paste("line 1\n한글 \u{1B}[A"), .key(.character("q"))])
    }

    @Test func malformedUTF8IsDroppedAndDecodingGoesOn() {
        var decoder = KeyDecoder()

        let events = decoder.decode([0xFF, 0xE1, 0x41, 0xC2, 0x85, 0x62])

        #expect(events == [.key(.character("A")), .key(.character("b"))])
    }
}
