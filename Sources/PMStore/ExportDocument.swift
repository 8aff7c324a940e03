public import Foundation
public import PMDomain
import PMSyncProtocol

/// The whole board as JSON, for backups and moving between machines: the projects and their
/// history as a reader wants them, and the operations they derive from, which import applies.
public struct ExportDocument: Codable, Sendable {
    /// Names the format, so import can refuse other JSON.
    public var format: String
    /// The format's version.
    public var version: Int
    /// When the export was made.
    public var exportedAt: Date
    /// The visible projects, list by list.
    public var projects: [ProjectJSON]
    /// The history, newest first.
    public var history: [HistoryEntryJSON]
    /// The operation log: what import applies.
    public var operations: [ProjectOperation]
    /// The user a sync server named as each operation's author, by operation id (lowercase):
    /// import keeps them, so a restored board still names `ada` and `bob`, not their devices.
    public var authors: [String: String]

    /// The value of ``format``.
    public static let formatName = "projectmanager-export"

    /// A document from its parts.
    public init(
        exportedAt: Date, projects: [ProjectJSON], history: [HistoryEntryJSON], operations: [ProjectOperation],
        authors: [String: String] = [:]
    ) {
        self.format = Self.formatName
        self.version = 1
        self.exportedAt = exportedAt
        self.projects = projects
        self.history = history
        self.operations = operations
        self.authors = authors
    }
}

/// What import reads of an export: the operations, checked to be ours, and their authors.
public struct ImportDocument: Decodable, Sendable {
    /// The operations to apply.
    public var operations: [ProjectOperation]
    /// The user named as each operation's author, where a server named one.
    public var authors: [UUID: String]

    enum CodingKeys: String, CodingKey {
        case format, version, operations, authors
    }

    /// An import of `operations`, by `authors`.
    public init(operations: [ProjectOperation], authors: [UUID: String] = [:]) {
        self.operations = operations
        self.authors = authors
    }

    /// Why an export's `authors` cannot be read: a key that is no operation id, or a name that
    /// is no user name.
    struct AuthorsError: Error, CustomStringConvertible {
        let description: String
    }

    /// `authors` as an export writes them, checked: each key an operation id, each value a user
    /// name by the server's rule.
    static func authors(_ authors: [String: String]) throws(AuthorsError) -> [UUID: String] {
        var checked: [UUID: String] = [:]
        for (key, name) in authors {
            guard let id = UUID(uuidString: key) else {
                throw AuthorsError(description: "\"\(key)\" is not an operation id")
            }
            guard ServerName.isValid(name) else {
                throw AuthorsError(description: "the author of \(key) must be \(ServerName.rule), got \"\(name)\"")
            }
            checked[id] = name
        }
        return checked
    }

    /// Reads an export: the quick reader for what `pm export` writes, else `JSONDecoder`, whose
    /// errors say what is wrong with the file.
    public static func read(from data: Data) throws -> ImportDocument {
        if let document = ExportReader.document(in: data) {
            return document
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(ImportDocument.self, from: data)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let format = try container.decodeIfPresent(String.self, forKey: .format)
        guard format == ExportDocument.formatName else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container,
                debugDescription: "format must be \"\(ExportDocument.formatName)\" (a file written by pm export)")
        }
        let version = try container.decode(Int.self, forKey: .version)
        guard version == 1 else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container, debugDescription: "version must be 1, got \(version)")
        }
        operations = try container.decode([ProjectOperation].self, forKey: .operations)
        // Exports from before authors were kept have none: their changes name their devices.
        let written = try container.decodeIfPresent([String: String].self, forKey: .authors) ?? [:]
        do {
            authors = try Self.authors(written)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .authors, in: container, debugDescription: error.description)
        }
    }
}
