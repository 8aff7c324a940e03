import PMCalendar
import Testing

/// Unfolding, parameters and the tree, on well-formed input.
@Suite struct ICalendarReaderTests {
    @Test func foldedLinesAreJoinedWithoutTheirLeadingSpaceOrTab() throws {
        let calendar = try ICalendarReader.read(
            ics("BEGIN:VCALENDAR", "X-LONG:Lorem ip", " sum dol", "\tor sit", "END:VCALENDAR"))

        #expect(calendar.property("X-LONG")?.rawValue == "Lorem ipsum dolor sit")
    }

    @Test func bareLineFeedsAreReadLikeCRLF() throws {
        let calendar = try ICalendarReader.read("BEGIN:VCALENDAR\nVERSION:2.0\nX-A:b\n c\nEND:VCALENDAR\n")

        #expect(calendar.property("VERSION")?.rawValue == "2.0")
        #expect(calendar.property("X-A")?.rawValue == "bc")
    }

    @Test func aUTF8SequenceFoldedInTheMiddleIsJoinedBeforeDecoding() throws {
        // Given "한" (ED 95 9C) folded after its first byte, as a careless writer might
        var bytes = Array("BEGIN:VCALENDAR\r\nSUMMARY:".utf8) + [0xED]
        bytes += Array("\r\n ".utf8) + [0x95, 0x9C] + Array("글\r\nEND:VCALENDAR\r\n".utf8)

        let calendar = try ICalendarReader.read(bytes)

        #expect(calendar.property("SUMMARY")?.text == "한글")
    }

    @Test func parametersAreReadWithQuotedAndListValues() throws {
        let calendar = try ICalendarReader.read(
            ics(
                "BEGIN:VCALENDAR",
                #"ATTENDEE;cn="Kim, Minji";MEMBER="mailto:a@x","mailto:b@x";X-EMPTY=:mailto:k@x"#,
                "END:VCALENDAR"))

        let property = try #require(calendar.property("attendee"))
        #expect(property.name == "ATTENDEE")
        #expect(property.parameter("CN") == "Kim, Minji")
        #expect(property.parameters[1].values == ["mailto:a@x", "mailto:b@x"])
        #expect(property.parameter("X-EMPTY") == "")
        #expect(property.rawValue == "mailto:k@x")
    }

    @Test func aValueMayHoldColonsAndSemicolons() throws {
        let calendar = try ICalendarReader.read(ics("BEGIN:VCALENDAR", "URL:https://x.test/a;b?c=d", "END:VCALENDAR"))

        #expect(calendar.property("URL")?.rawValue == "https://x.test/a;b?c=d")
    }

    @Test func componentsNestInOrderAndNamesAreUpperCased() throws {
        let calendar = try ICalendarReader.read(
            ics(
                "begin:vcalendar", "BEGIN:VTIMEZONE", "TZID:Asia/Seoul", "END:VTIMEZONE", "BEGIN:VTODO",
                "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM", "END:VTODO", "end:VCALENDAR"))

        #expect(calendar.name == "VCALENDAR")
        #expect(calendar.components.map(\.name) == ["VTIMEZONE", "VTODO"])
        #expect(calendar.components[1].components.first?.property("ACTION")?.rawValue == "DISPLAY")
    }

    @Test func aByteOrderMarkAndBlankLinesAreSkipped() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + Array("BEGIN:VCALENDAR\r\n\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n\r\n".utf8)

        let calendar = try ICalendarReader.read(bytes)

        #expect(calendar.properties.map(\.name) == ["VERSION"])
    }

    @Test func readAllReturnsEveryTopLevelComponent() throws {
        let all = try ICalendarReader.readAll(
            Array(ics("BEGIN:VCALENDAR", "END:VCALENDAR", "BEGIN:VCALENDAR", "END:VCALENDAR").utf8))

        #expect(all.count == 2)
    }
}
