// Swift Testing is not in the static standard library, and a plain `swift build` builds this
// target too: without the guard the README's `swift build -c release --static-swift-stdlib` fails.
#if canImport(Testing)

public import Foundation
public import PMDomain
import Testing

/// Values at the edges of the wire format, shared by the wire tests and the server's: every
/// control character, quotes, backslashes, Korean, emoji, extreme clocks and deadlines.
public enum WireSamples {
    /// `data` parsed by `JSONSerialization`, to compare shapes whatever the key order.
    public static func shape(_ data: some Sequence<UInt8>) throws -> NSObject {
        try #require(try JSONSerialization.jsonObject(with: Data(data), options: [.fragmentsAllowed]) as? NSObject)
    }

    /// `value` as `JSONEncoder` writes it with sorted keys and unescaped slashes: what a writer
    /// of ours is compared with.
    public static func encoded(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Every control character, quotes, backslashes, slashes, Korean, emoji (with a skin tone
    /// and a joiner), a line separator, and plain text.
    public static let texts: [String] = [
        "Card", "주간 회의록 정리, send notes to the team", "🚀 launch 👩🏽‍💻", #"say "hi" \ back\slash / and \"#,
        String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }), "tab\there\nnew line\r\u{2028}\u{2029}",
        "\u{7F}\u{80}\u{FFFF}\u{10FFFF}", "", "한",
    ]

    public static let operations: [ProjectOperation] = {
        var operations: [ProjectOperation] = []
        for (number, text) in texts.enumerated() {
            operations.append(
                SyncFixtures.operation(
                    number + 1, project: number % 3,
                    fields: ProjectFields(
                        title: text, description: text + text, deadline: Deadline(year: 2026, month: 12, day: 1),
                        status: .doing)))
        }
        operations.append(SyncFixtures.operation(100, fields: ProjectFields(deleted: true)))
        operations.append(SyncFixtures.operation(101, fields: ProjectFields(deleted: false)))
        operations.append(SyncFixtures.operation(102, fields: ProjectFields(status: .done)))
        operations.append(
            ProjectOperation(
                id: SyncFixtures.uuid(0xF001), projectID: SyncFixtures.uuid(0xF002),
                timestamp: HybridTimestamp(
                    wallTime: 999_999_999_999_999_999, counter: .max, device: SyncFixtures.uuid(0xFFFF_FFFF_FFFF)),
                fields: ProjectFields(deadline: Deadline(year: 1, month: 1, day: 1))))
        operations.append(
            ProjectOperation(
                id: SyncFixtures.uuid(0xF003), projectID: SyncFixtures.uuid(0xF004),
                timestamp: HybridTimestamp(wallTime: 0, counter: 0, device: SyncFixtures.uuid(0)),
                fields: ProjectFields(title: "x", deadline: Deadline(year: 9999, month: 12, day: 31))))
        return operations
    }()
}

#endif
