import PMCalendar
import Testing

/// Line ends, folding at 75 octets on whole characters, and parameter quoting.
@Suite struct ICalendarWriterTests {
    /// The physical lines of `text`, each checked to end in CR LF.
    private func lines(_ text: String) -> [Substring] {
        #expect(text.hasSuffix("\r\n"))
        return text.dropLast(2).split(separator: "\r\n", omittingEmptySubsequences: false)
    }

    @Test func everyLineEndsInCRLF() {
        let text = ICalendarWriter.write(
            ICalendarComponent(name: "VCALENDAR", properties: [ICalendarProperty(name: "VERSION", rawValue: "2.0")]))

        #expect(text == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n")
    }

    @Test func aLineOfExactly75OctetsIsNotFolded() {
        let property = ICalendarProperty(name: "X-A", rawValue: String(repeating: "a", count: 71))

        #expect(lines(ICalendarWriter.write(ICalendarComponent(name: "V", properties: [property]))).count == 3)
    }

    @Test func aLongASCIILineIsFoldedAt75OctetsWithLeadingSpaces() {
        let property = ICalendarProperty(name: "X-A", rawValue: String(repeating: "a", count: 200))

        let written = lines(ICalendarWriter.write(ICalendarComponent(name: "V", properties: [property])))

        #expect(written[1].utf8.count == 75)
        #expect(written[2].utf8.count == 75)
        #expect(written[2].hasPrefix(" a"))
        #expect(written[3].utf8.count == 204 - 75 - 74 + 1)
    }

    @Test(arguments: ["한", "😀", "é", "👩‍👩‍👧"])
    func foldingNeverSplitsAUTF8Sequence(piece: String) throws {
        // Given a value long enough to fold many times, offset so cuts fall at every position
        for offset in 0..<4 {
            let value = String(repeating: "x", count: offset) + String(repeating: piece, count: 60)
            let component = ICalendarComponent(name: "V", properties: [ICalendarProperty(name: "SUMMARY", text: value)])

            let text = ICalendarWriter.write(component)

            for line in lines(text) {
                #expect(line.utf8.count <= 75)
                // Each line on its own is valid UTF-8: no sequence was cut.
                #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
            }
            #expect(try ICalendarReader.read(text).property("SUMMARY")?.text == value)
        }
    }

    @Test func parameterValuesWithColonSemicolonOrCommaAreQuoted() {
        let property = ICalendarProperty(
            name: "ATTENDEE",
            parameters: [
                ICalendarParameter(name: "cn", value: "Kim, Minji"),
                ICalendarParameter(name: "X-PLAIN", value: "plain"),
                ICalendarParameter(name: "X-Q", value: #"say "hi": now"#),
            ], rawValue: "mailto:k@x")

        #expect(
            ICalendarWriter.contentLine(property)
                == #"ATTENDEE;CN="Kim, Minji";X-PLAIN=plain;X-Q="say 'hi': now":mailto:k@x"#)
    }

    @Test func whatIsWrittenReadsBackAsTheSameTree() throws {
        let tree = ICalendarComponent(
            name: "VCALENDAR", properties: [ICalendarProperty(name: "PRODID", text: "-//x//EN")],
            components: [
                ICalendarComponent(
                    name: "VTODO",
                    properties: [
                        ICalendarProperty(
                            name: "SUMMARY", text: "회의 준비 😀, a; b \\ c\nnext line " + String(repeating: "긴", count: 50)),
                        ICalendarProperty(
                            name: "X-P", parameters: [ICalendarParameter(name: "X-L", values: ["a:b", "c"])],
                            rawValue: "v"),
                    ],
                    components: [
                        ICalendarComponent(
                            name: "VALARM", properties: [ICalendarProperty(name: "ACTION", rawValue: "DISPLAY")])
                    ])
            ])

        #expect(try ICalendarReader.read(ICalendarWriter.write(tree)) == tree)
    }
}
