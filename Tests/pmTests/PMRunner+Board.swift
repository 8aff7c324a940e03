import Foundation
import Testing

/// A card as `pm list --json` and `pm add --json` print it.
struct Card: Decodable, Equatable {
    let id: String
    let title: String
    let description: String
    let deadline: String
    let status: String
    let overdue: Bool
    let createdAt: String
    let updatedAt: String
}

extension PMRunner {
    /// Adds a card with `pm add --json` and returns it.
    @discardableResult
    func add(
        _ title: String, deadline: String? = nil, description: String? = nil, now: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Card {
        var arguments = ["add", title, "--json"]
        if let deadline { arguments += ["--deadline", deadline] }
        if let description { arguments += ["--description", description] }
        let result = try succeed(arguments, now: now, sourceLocation: sourceLocation)
        return try JSONDecoder().decode(Card.self, from: Data(result.stdout.utf8))
    }

    /// Every card, as `pm list --json` prints them.
    func cards(now: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Card] {
        let result = try succeed(["list", "--json"], now: now, sourceLocation: sourceLocation)
        return try JSONDecoder().decode([Card].self, from: Data(result.stdout.utf8))
    }

    /// The card with `id`, if listed.
    func card(_ id: String) throws -> Card? {
        try cards().first { $0.id == id }
    }

    /// The history, newest first, as `pm history --json --limit 0` prints it.
    func history() throws -> [[String: Any]] {
        try succeed(["history", "--json", "--limit", "0"]).objects()
    }
}

/// The bytes of a database and its `-wal` and `-shm` files, to show a command left them alone.
struct DatabaseFiles: Equatable {
    let main: Data?
    let wal: Data?
    let shm: Data?

    init(_ path: String) {
        main = FileManager.default.contents(atPath: path)
        wal = FileManager.default.contents(atPath: path + "-wal")
        shm = FileManager.default.contents(atPath: path + "-shm")
    }
}

/// Export files written by hand, with chosen ids, in the format `pm export` documents.
enum HandWrittenExport {
    struct Project {
        var id: String
        var title: String
        var deadline = "2026-11-25"
        var status = "todo"
    }

    static let device = "dddddddd-0000-4000-8000-000000000000"

    /// One adding operation per project, a second apart.
    static func json(_ projects: [Project]) throws -> String {
        let operations: [[String: Any]] = projects.enumerated().map { index, project in
            [
                "id": "00000000-0000-4000-8000-" + hex(index + 1, width: 12),
                "projectId": project.id,
                "timestamp": ["wallTime": 1_795_000_000_000 + index * 1000, "counter": 0, "device": device],
                "fields": [
                    "title": project.title, "description": "", "deadline": project.deadline,
                    "status": project.status, "deleted": false,
                ],
            ]
        }
        let document: [String: Any] = ["format": "projectmanager-export", "version": 1, "operations": operations]
        return String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
    }

    static func hex(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Writes the export to `path`.
    static func write(_ projects: [Project], to path: String) throws {
        try Data(try json(projects).utf8).write(to: URL(fileURLWithPath: path))
    }
}
