import Foundation
import PMDomain
import PMSyncProtocol
import PMTestSupport
import Testing

/// What the server writes, read back by the byte readers a client (pages, snapshots) and the
/// server itself (stored merged states) use: the same values `JSONDecoder` gives.
@Suite struct PlainReadingTests {
    static let operations = WireSamples.operations

    static var states: [UUID: ProjectState] {
        var states: [UUID: ProjectState] = [:]
        for operation in operations {
            states[operation.projectID, default: ProjectState(id: operation.projectID)].apply(operation)
        }
        let titleOnly = SyncFixtures.uuid(77)
        states[titleOnly, default: ProjectState(id: titleOnly)].apply(SyncFixtures.operation(77, project: 77))
        return states
    }

    @Test func aPageJSONEncoderWroteIsReadPlainlyToo() throws {
        // Default JSONEncoder output escapes slashes ("\/"): still the plain form.
        let page = OperationPage(
            operations: Self.operations.enumerated().map {
                OperationPage.Entry(seq: Int64($0.offset + 1), operation: $0.element)
            },
            next: Int64(Self.operations.count), head: 99)
        let encoded = try JSONEncoder().encode(page)

        #expect(OperationPage.readPlain(encoded) == page)
    }

    @Test func aSnapshotTheServerWritesIsReadPlainlyAsJSONDecoderReadsIt() throws {
        let snapshot = BoardSnapshot(seq: 42, states: Self.states.values)
        #expect(snapshot.projects.count >= 2)
        #expect(snapshot.projects.contains { $0.clocks.description == nil && $0.clocks.status == nil })
        for value in [snapshot, BoardSnapshot(seq: 0, projects: [])] {
            let direct = Data(value.json)
            let plain = try #require(BoardSnapshot.readPlain(direct))
            #expect(plain == value)
            #expect(plain == (try JSONDecoder().decode(BoardSnapshot.self, from: direct)))
        }
    }

    @Test func snapshotCardsAreInListOrder() {
        let snapshot = BoardSnapshot(seq: 42, states: Self.states.values)
        let projects = Self.states.values.compactMap(\.project).sorted(by: Project.listOrder)

        #expect(snapshot.projects.map(\.id) == projects.map(\.id))
    }

    @Test func messagesOutsideThePlainFormAreLeftToJSONDecoder() throws {
        // Keys a later version may add: JSONDecoder reads past them; the byte reader
        // gives up, and decode(_:) still gives the value.
        let page = Data(#"{"operations":[],"next":7,"head":7,"note":"later versions may add keys"}"#.utf8)
        #expect(OperationPage.readPlain(page) == nil)
        #expect(try OperationPage.decode(page) == OperationPage(operations: [], next: 7, head: 7))

        let snapshot = Data(#"{"seq":3,"projects":[],"etag":"a later version may add keys"}"#.utf8)
        #expect(BoardSnapshot.readPlain(snapshot) == nil)
        #expect(try BoardSnapshot.decode(snapshot) == BoardSnapshot(seq: 3, projects: []))
    }

    @Test func storedMergedStatesReadBackExactly() throws {
        var states = Self.states
        let untouched = UUID()
        states[untouched] = ProjectState(id: untouched)
        #expect(states.values.contains { $0.deleted != nil })
        for (id, state) in states {
            // As the server writes it now, and as JSONEncoder wrote it before (slashes escaped,
            // another key order).
            #expect(try MergedProject.state(id: id, json: MergedProject.json(state)) == state)
            let encoded = String(decoding: try JSONEncoder().encode(MergedProject(state)), as: UTF8.self)
            #expect(try MergedProject.state(id: id, json: encoded) == state)
        }
    }

    @Test func aStoredStateWithAnUnknownKeyFallsBackToJSONDecoder() throws {
        let state = try #require(Self.states.values.first { $0.title != nil })
        var json = MergedProject.json(state)
        json.removeLast()
        json += #","addedLater":{"value":1}}"#

        #expect(try MergedProject.state(id: state.id, json: json) == state)
    }
}
