import Foundation
import PMTestSupport
import Testing

@testable import PMDomain

/// Who made a change, as history shows it: this device, the user the server named, or the device.
@Suite struct HistoryAuthorTests {
    private let add = operation(1, at: stamp(0), added("Write spec"))
    private let move = operation(2, at: stamp(90, device: deviceB), ProjectFields(status: .doing))

    @Test func givenAuthorsByOperation_whenHistoryIsDerived_thenEachEntryCarriesItsOwn() {
        let entries = History.entries(for: [add, move], authors: [move.id: "bob"])
        #expect(entries.map(\.author) == ["bob", nil])
        #expect(History.entries(for: [add, move]).map(\.author) == [nil, nil])
    }

    @Test func givenThisDevicesChange_whenNamed_thenItIsThisDeviceWhateverItsAuthor() throws {
        var entry = try #require(History.entries(for: [add]).first)
        #expect(entry.madeBy(thisDevice: deviceA) == "this device")
        entry.author = "ada"
        #expect(entry.madeBy(thisDevice: deviceA) == "this device")
    }

    @Test func givenAnotherDevicesChange_whenNamed_thenItIsItsAuthorElseTheDevice() throws {
        var entry = try #require(History.entries(for: [add, move]).first)
        #expect(entry.madeBy(thisDevice: deviceA) == "device " + deviceB.lowercased.prefix(8))
        #expect(entry.madeBy(thisDevice: nil) == "device " + deviceB.lowercased.prefix(8))
        entry.author = "bob"
        #expect(entry.madeBy(thisDevice: deviceA) == "bob")
    }

    @Test func givenAnAuthor_whenWrittenAsJSON_thenItIsThereAndLeftOutWhenUnknown() throws {
        let entries = History.entries(for: [add, move], authors: [move.id: "bob"])
        let encoder = JSONEncoder()
        let withAuthor = try JSONSerialization.jsonObject(with: encoder.encode(HistoryEntryJSON(entries[0])))
        let without = try JSONSerialization.jsonObject(with: encoder.encode(HistoryEntryJSON(entries[1])))
        #expect((withAuthor as? [String: Any])?["author"] as? String == "bob")
        #expect((without as? [String: Any])?.keys.contains("author") == false)
    }

    @Test func givenAReadingDevice_whenWrittenAsJSON_thenItSaysWhoAsThatDeviceDoesAndTheSharedFormLeavesItOut() throws {
        let entries = History.entries(for: [add, move], authors: [move.id: "bob", add.id: "ada"])
        let encoder = JSONEncoder()
        func object(_ json: HistoryEntryJSON) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: encoder.encode(json)) as? [String: Any])
        }
        let moveHere = try object(HistoryEntryJSON(entries[0], thisDevice: deviceA))
        let addHere = try object(HistoryEntryJSON(entries[1], thisDevice: deviceA))
        #expect(moveHere["by"] as? String == "bob" && moveHere["byThisDevice"] as? Bool == false)
        #expect(addHere["by"] as? String == "this device" && addHere["byThisDevice"] as? Bool == true)
        #expect(addHere["author"] as? String == "ada")
        let shared = try object(HistoryEntryJSON(entries[1]))
        #expect(!shared.keys.contains("by") && !shared.keys.contains("byThisDevice"))
        #expect(Set(addHere.keys).subtracting(["by", "byThisDevice"]) == Set(shared.keys))
    }
}
