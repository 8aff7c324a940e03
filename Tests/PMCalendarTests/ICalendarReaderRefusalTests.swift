import PMCalendar
import Testing

/// Malformed or oversized input is refused with a message that names the rule and the line.
@Suite struct ICalendarReaderRefusalTests {
    private func refusal(_ text: String, limits: ICalendarLimits = .card) -> CalendarError? {
        #expect(throws: CalendarError.self) { try ICalendarReader.read(text, limits: limits) }
    }

    @Test func aBodyOverTheByteLimitIsRefusedNamingTheLimit() {
        let error = refusal(
            ics("BEGIN:VCALENDAR", "END:VCALENDAR"), limits: .init(maxBytes: 20, maxLines: 9, maxDepth: 3))

        #expect(error?.rule == "bodyTooLarge")
        #expect(error?.description == "iCalendar body must be at most 20 bytes, got 32")
    }

    @Test func theCardLimitRefusesAQuarterMegabytePlusOne() {
        let body = String(repeating: "X", count: 256 * 1024 + 1)

        #expect(refusal(body)?.rule == "bodyTooLarge")
    }

    @Test func tooManyLinesAreRefusedNamingTheLimit() {
        let error = refusal(
            ics("BEGIN:VCALENDAR", "X-A:1", "X-B:2", "END:VCALENDAR"),
            limits: .init(maxBytes: 999, maxLines: 3, maxDepth: 3))

        #expect(error?.description == "iCalendar body must have at most 3 lines")
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        let nested = (1...6).map { "BEGIN:X\($0)" } + (1...6).reversed().map { "END:X\($0)" }

        let error = refusal(nested.map { $0 + "\r\n" }.joined())

        #expect(error?.rule == "tooDeep")
        #expect(error?.description == "line 6: components may nest at most 5 deep")
    }

    @Test func anEndThatClosesAnotherComponentIsRefused() {
        let error = refusal(ics("BEGIN:VCALENDAR", "BEGIN:VTODO", "END:VCALENDAR"))

        #expect(error?.description == "line 3: END:VCALENDAR closes BEGIN:VTODO")
    }

    @Test func aComponentNeverEndedIsRefused() {
        #expect(refusal(ics("BEGIN:VCALENDAR", "VERSION:2.0"))?.description == "line 3: BEGIN:VCALENDAR is never ended")
    }

    @Test func aPropertyOutsideAnyComponentIsRefused() {
        #expect(refusal(ics("VERSION:2.0"))?.rule == "unbalanced")
    }

    @Test(arguments: [
        ("SUMMARY hello", "SUMMARY needs \":\" before its value"),
        (":hello", "missing property name"),
        ("X-A;CN=\"Kim:x", "a quoted parameter value is never closed"),
        ("X-A;CN:x", "parameter CN needs \"=\" and a value"),
        ("X-A;CN=a\"b:x", "a quote inside an unquoted parameter value"),
        ("SUM MARY:x", "SUM needs \":\" before its value"),
    ])
    func aMalformedContentLineIsRefusedNamingItsLine(line: String, reason: String) {
        let error = refusal(ics("BEGIN:VCALENDAR", line, "END:VCALENDAR"))

        #expect(error?.rule == "malformedLine")
        #expect(error?.description == "line 2: not an iCalendar content line: \(reason)")
    }

    @Test func aContinuationLineWithNothingBeforeItIsRefused() {
        #expect(refusal(" BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")?.rule == "malformedLine")
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        let bytes = Array("BEGIN:VCALENDAR\r\nSUMMARY:".utf8) + [0xFF, 0xFE] + Array("\r\nEND:VCALENDAR\r\n".utf8)

        #expect(throws: CalendarError.self) { try ICalendarReader.read(bytes) }
        #expect((try? ICalendarReader.read(bytes)) == nil)
    }

    @Test func anEmptyBodyOrTwoCalendarsAreNotOneCalendar() {
        #expect(refusal("")?.description == "body must be one VCALENDAR: got no component")
        #expect(
            refusal(ics("BEGIN:VCALENDAR", "END:VCALENDAR", "BEGIN:VCALENDAR", "END:VCALENDAR"))?.description
                == "body must be one VCALENDAR: got 2")
    }
}
