import Foundation
import PMDomain
import PMSyncProtocol
import PMTestSupport
import Testing

/// The byte reader every large document goes through: exact on what it accepts, giving up
/// (so that `JSONDecoder` decides) on anything else.
@Suite struct PlainJSONReaderTests {
    func read<T>(_ json: String, _ body: (inout PlainJSONReader) throws -> T) -> T? {
        PlainJSONReader.read(Data(json.utf8), body)
    }

    @Test func integersUpToTheirDigitLimitAreRead() {
        #expect(read("0") { try $0.int64() } == 0)
        #expect(read(" 1763683200000 ") { try $0.int64() } == 1_763_683_200_000)
        #expect(read("999999999999999999") { try $0.int64() } == 999_999_999_999_999_999)
        #expect(read("18446744073709551615") { try $0.integer(maximumDigits: 19) } == nil)
        #expect(read("9999999999999999999") { try $0.integer(maximumDigits: 19) } == 9_999_999_999_999_999_999)
    }

    @Test(arguments: ["-1", "01", "1.0", "1e3", "1E3", "", "x", "1000000000000000000"])
    func integersOutsideThePlainFormAreLeftToJSONDecoder(_ json: String) {
        #expect(read(json) { try $0.int64() } == nil)
    }

    @Test func stringsWithEscapesAndSurrogatePairsAreDecodedAsJSONDecoderDoes() throws {
        let json = #""\ud55c\uae00 \ud83d\udc69 \"q\" \\ \/ \n\t\r\b\f 주간""#
        let plain = try #require(read(json) { try $0.string() })
        #expect(plain == (try JSONDecoder().decode(String.self, from: Data(json.utf8))))
        #expect(plain.hasPrefix("한글 👩"))
    }

    @Test(arguments: [
        "\"raw\ttab\"", #""\ud83d alone""#, #""\x41""#, "\"unterminated", #""\u12""#,
    ])
    func stringsJSONDecoderWouldRefuseOrReadDifferentlyAreNotPlain(_ json: String) {
        #expect(read(json) { try $0.string() } == nil)
    }

    @Test func invalidUTF8IsNotPlain() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x22]
        #expect(PlainJSONReader.read(bytes) { try $0.string() } == nil)
    }

    @Test func uuidsOfEitherCaseAreRead() throws {
        let id = UUID()
        #expect(read("\"\(id.lowercased)\"") { try $0.uuid() } == id)
        #expect(read("\"\(id.uuidString)\"") { try $0.uuid() } == id)
        #expect(read("\"\(id.uuidString.dropLast())\"") { try $0.uuid() } == nil)
        #expect(read("\"\(id.uuidString.replacingOccurrences(of: "-", with: "_"))\"") { try $0.uuid() } == nil)
    }

    @Test func objectsAndArraysAreWalkedAndSkipped() {
        let json = #"{ "keep": [1, 2, 3], "skip": {"a": [true, false, null, "x", {"b": []}]}, "last": "z" }"#
        let read = read(json) { reader -> ([Int64], String) in
            var numbers: [Int64] = []
            var last = ""
            try reader.object { reader, key in
                switch key {
                case "keep": numbers = try reader.array { try $0.int64() }
                case "last": last = try reader.string()
                default: try reader.skipValue()
                }
            }
            return (numbers, last)
        }
        #expect(read?.0 == [1, 2, 3])
        #expect(read?.1 == "z")
    }

    @Test(arguments: [#"{"a":1} x"#, #"{"a":1,}"#, #"{"a" 1}"#, #"[1 2]"#, #"{"a":1"#])
    func anythingLeftOverOrMalformedIsNotPlain(_ json: String) {
        #expect(read(json) { try $0.skipValue() } == nil)
    }

    @Test func anOperationIsReadAsJSONDecoderReadsIt() throws {
        let operation = ProjectOperation(
            id: UUID(), projectID: UUID(), timestamp: HybridTimestamp(wallTime: 5, counter: 2, device: UUID()),
            fields: ProjectFields(
                title: "주간 회의 🗂", description: "첫 줄\n둘째 줄", deadline: Deadline(year: 2026, month: 12, day: 1),
                status: .doing, deleted: false))
        let data = try JSONEncoder().encode(operation)

        #expect(PlainJSONReader.read(data) { try $0.operation() } == operation)
    }

    @Test func nullFieldsAreSkippedOnlyWhenAllowed() {
        let json = """
            {"id":"00000000-0000-4000-8000-000000000001","projectId":"00000000-0000-4000-8000-000000000002",
            "timestamp":{"wallTime":5,"counter":0,"device":"00000000-0000-4000-8000-000000000003"},
            "fields":{"title":"t","description":null}}
            """
        #expect(read(json) { try $0.operation() } == nil)
        #expect(read(json) { try $0.operation(nullFields: .skipped) }?.fields == ProjectFields(title: "t"))
    }

    @Test func aKeyGivenTwiceIsLeftToJSONDecoder() {
        let json = """
            {"id":"00000000-0000-4000-8000-000000000001","projectId":"00000000-0000-4000-8000-000000000002",
            "timestamp":{"wallTime":5,"counter":0,"device":"00000000-0000-4000-8000-000000000003"},
            "fields":{"title":"first","title":"second"}}
            """
        #expect(read(json) { try $0.operation() } == nil)
    }
}
