import PMCalendar
import Testing

/// TEXT escaping, RFC 5545 §3.3.11.
@Suite struct ICalendarTextTests {
    @Test func backslashSemicolonCommaAndNewlineAreEscaped() {
        #expect(ICalendarText.escape("a\\b;c,d\ne") == #"a\\b\;c\,d\ne"#)
    }

    @Test func crlfAndBareCRBecomeOneEscapedNewline() {
        #expect(ICalendarText.escape("a\r\nb\rc") == #"a\nb\nc"#)
    }

    @Test func koreanEmojiAndColonsAreLeftAsTheyAre() {
        #expect(ICalendarText.escape("한글 😀: ok") == "한글 😀: ok")
    }

    @Test func unescapingUndoesEscapingIncludingCapitalN() {
        #expect(ICalendarText.unescape(#"a\\b\;c\,d\ne\Nf"#) == "a\\b;c,d\ne\nf")
    }

    @Test func anUnknownEscapeAndATrailingBackslashAreKept() {
        #expect(ICalendarText.unescape(#"a\tb\"#) == #"a\tb\"#)
    }

    @Test(arguments: ["", "plain", "\\\\;;,,\n\n", "끝에\\", "😀,😀;\\n"])
    func escapingThenUnescapingGivesTheTextBack(text: String) {
        #expect(ICalendarText.unescape(ICalendarText.escape(text)) == text)
    }
}
