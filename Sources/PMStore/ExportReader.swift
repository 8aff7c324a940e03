import Foundation
import PMDomain
import PMSyncProtocol

/// Reads the operations of an export straight from its UTF-8 bytes with ``PlainJSONReader``:
/// `JSONDecoder` spends most of a large import in its generic containers. It knows the one
/// shape `pm export` writes and gives up (returning `nil`) at anything else, so that
/// `JSONDecoder` can read the file instead, or explain what is wrong with it.
enum ExportReader {
    /// The operations of `data`, or `nil` when it is not in the exact shape `pm export` writes.
    static func operations(in data: Data) -> [ProjectOperation]? {
        document(in: data)?.operations
    }

    /// The operations of `data` and their authors, or `nil` when it is not in the exact shape
    /// `pm export` writes (an author that breaks the rules included: `JSONDecoder` then says so).
    static func document(in data: Data) -> ImportDocument? {
        PlainJSONReader.read(data) { reader in
            var format: String?
            var version: UInt64?
            var operations: [ProjectOperation]?
            var authors: [String: String] = [:]
            try reader.object { reader, key in
                switch key {
                case "format": format = try reader.string()
                case "version": version = try reader.integer(maximumDigits: 9)
                case "operations": operations = try reader.array { try $0.operation(nullFields: .skipped) }
                case "authors": try reader.object { reader, id in authors[id] = try reader.string() }
                default: try reader.skipValue()
                }
            }
            guard format == ExportDocument.formatName, version == 1, let operations,
                let authors = try? ImportDocument.authors(authors)
            else {
                throw PlainJSONReader.NotPlain()
            }
            return ImportDocument(operations: operations, authors: authors)
        }
    }
}
