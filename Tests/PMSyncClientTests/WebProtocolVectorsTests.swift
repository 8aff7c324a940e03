import Foundation
import PMDomain
import PMSyncProtocol
import Testing

@testable import PMSync

/// The sync protocol's shared vectors: the Swift client writes `Tests/Vectors/protocol.json`;
/// `node --test Tests/web/` checks that the web board's sync.js and merge.js follow every one.
@Suite struct WebProtocolVectorsTests {
    static let file = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors/protocol.json")

    static func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(WebProtocolVectors.make())
        data.append(0x0A)
        return data
    }

    @Test func committedVectorsMatchWhatTheSwiftClientProduces() throws {
        // Given the vectors the Swift client and wire types produce now
        let produced = try Self.encoded()
        // Regenerating is a deliberate act: a Swift change that alters behaviour must show up here.
        if ProcessInfo.processInfo.environment["PM_WRITE_VECTORS"] == "1" {
            try produced.write(to: Self.file)
        }
        // When the committed file is read
        let committed = try? Data(contentsOf: Self.file)
        // Then it is byte for byte the same
        #expect(
            committed == produced,
            "Tests/Vectors/protocol.json differs from what the Swift client produces; if the change is meant, rerun with PM_WRITE_VECTORS=1 and commit it (the JavaScript must follow)"
        )
    }

    @Test func anOutboxOfTheLargestOperationsIsPushedInBodiesTheServerReads() throws {
        // Given an outbox of the largest operations the rules allow, more than one push's worth
        let largest = WebProtocolVectors.largest()
        var outbox = (0..<3000).map { largest[$0 % largest.count] }
        // When the Swift client cuts it into pushes
        var pushes = 0
        while !outbox.isEmpty {
            let batch = Array(SyncRound.batch(Array(outbox.prefix(PushRequest.operationLimit))))
            // Then each is within the server's limits
            #expect(batch.count <= PushRequest.operationLimit)
            #expect(try JSONEncoder().encode(PushRequest(operations: batch)).count <= PushRequest.bodyLimit)
            outbox.removeFirst(batch.count)
            pushes += 1
        }
        #expect(pushes > 1)
    }
}
