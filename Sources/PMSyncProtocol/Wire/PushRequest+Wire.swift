public import Foundation
import PMDomain

/// A push on the wire, `{"operations":[{…}]}`: its plain reader and its writer (its Codable
/// form, which refuses a `null` field, is on ``PushRequest`` itself).
extension PushRequest: PlainJSONDecodable {
    /// The batch in `body` read byte by byte, or `nil` when the body is not in the plain shape
    /// this reader knows: one object holding only `operations`, each operation holding only
    /// `id`, `projectId`, `timestamp` (`wallTime`, `counter`, `device`) and `fields` (`title`,
    /// `description`, `deadline`, `status`, `deleted`, none `null`), each key once, integers
    /// without sign, fraction or exponent, valid UTF-8. `nil` says nothing about validity:
    /// ``decode(_:)`` then asks `JSONDecoder`.
    public static func readPlain(_ body: Data) -> PushRequest? {
        PlainJSONReader.read(body) { reader in
            var operations: [ProjectOperation]?
            try reader.object { reader, key in
                guard key == "operations", operations == nil else { throw PlainJSONReader.NotPlain() }
                operations = try reader.array { try $0.operation() }
            }
            guard let operations else { throw PlainJSONReader.NotPlain() }
            return PushRequest(operations: operations)
        }
    }

    /// The batch as a client sends it, written by ``JSONWriter``.
    public var json: [UInt8] {
        var writer = JSONWriter(capacity: 16 + operations.count * 320)
        writer.raw(#"{"operations":"#)
        writer.array(operations) { $0.operation($1) }
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }
}
