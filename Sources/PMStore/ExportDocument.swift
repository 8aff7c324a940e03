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
    /// The operation log: all import reads.
    public var operations: [ProjectOperation]

    /// The value of ``format``.
    public static let formatName = "projectmanager-export"

    /// A document from its parts.
    public init(
        exportedAt: Date, projects: [ProjectJSON], history: [HistoryEntryJSON], operations: [ProjectOperation]
    ) {
        self.format = Self.formatName
        self.version = 1
        self.exportedAt = exportedAt
        self.projects = projects
        self.history = history
        self.operations = operations
    }
}

/// What import reads of an export: only the operations, checked to be ours.
public struct ImportDocument: Decodable, Sendable {
    /// The operations to apply.
    public var operations: [ProjectOperation]

    enum CodingKeys: String, CodingKey {
        case format, version, operations
    }

    /// An import of `operations`.
    public init(operations: [ProjectOperation]) {
        self.operations = operations
    }

    /// Reads an export: the quick reader for what `pm export` writes, else `JSONDecoder`, whose
    /// errors say what is wrong with the file.
    public static func read(from data: Data) throws -> ImportDocument {
        if let operations = ExportReader.operations(in: data) {
            return ImportDocument(operations: operations)
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
    }
}
