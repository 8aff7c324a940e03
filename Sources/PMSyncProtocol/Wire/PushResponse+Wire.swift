public import Foundation
import PMDomain

/// A push answer on the wire, `{"results":[{"id":"…","seq":N}]}`: its plain reader and its
/// writer (its Codable form is on ``PushResponse`` itself).
extension PushResponse: PlainJSONDecodable {
    /// `{"results":[{"id":"…","seq":N}]}`, each key once.
    public static func readPlain(_ data: Data) -> PushResponse? {
        PlainJSONReader.read(data) { reader in
            var results: [Result]?
            try reader.object { reader, key in
                guard key == "results", results == nil else { throw PlainJSONReader.NotPlain() }
                results = try reader.array { try $0.pushResult() }
            }
            guard let results else { throw PlainJSONReader.NotPlain() }
            return PushResponse(results: results)
        }
    }

    /// The answer as the server sends it, written by ``JSONWriter``.
    public var json: [UInt8] { JSONWriter.pushResponse(results) }
}

extension PlainJSONReader {
    mutating func pushResult() throws -> PushResponse.Result {
        var id: UUID?
        var seq: Int64?
        try object { reader, key in
            switch key {
            case "id" where id == nil: id = try reader.uuid()
            case "seq" where seq == nil: seq = try reader.int64()
            default: throw NotPlain()
            }
        }
        guard let id, let seq else { throw NotPlain() }
        return PushResponse.Result(id: id, seq: seq)
    }
}

extension JSONWriter {
    /// The push answer: `{"results":[{"id":"…","seq":N},…]}`.
    public static func pushResponse(_ results: [PushResponse.Result]) -> [UInt8] {
        var writer = JSONWriter(capacity: 16 + results.count * 56)
        writer.raw(#"{"results":["#)
        for (index, result) in results.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.raw(#"{"id":"#)
            writer.uuid(result.id)
            writer.raw(#","seq":"#)
            writer.integer(result.seq)
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw("]}")
        return writer.bytes
    }
}
