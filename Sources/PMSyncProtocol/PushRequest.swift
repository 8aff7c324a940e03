import Foundation
public import PMDomain

/// A batch of operations a client sends to a board: `POST /v1/boards/{board}/operations`.
public struct PushRequest: Codable, Hashable, Sendable {
    /// The most operations one batch may hold.
    public static let operationLimit = 1000
    /// The largest body, in bytes, the server reads.
    public static let bodyLimit = 1 << 20

    /// The operations, in the order the client made them.
    public var operations: [ProjectOperation]

    /// A batch of `operations`.
    public init(operations: [ProjectOperation]) {
        self.operations = operations
    }

    /// Decodes a batch, refusing a field given as `null`: a field is set or left out, never null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        operations = try container.decode([StrictOperation].self, forKey: .operations).map(\.operation)
    }

    /// An operation whose `fields` hold no `null`.
    private struct StrictOperation: Decodable {
        let operation: ProjectOperation

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            operation = try ProjectOperation(from: decoder)
            let fields = try decoder.container(keyedBy: Key.self).nestedContainer(
                keyedBy: Key.self, forKey: Key(stringValue: "fields"))
            for key in ProjectField.allCases.map({ Key(stringValue: $0.rawValue) }) where fields.contains(key) {
                guard try fields.decodeNil(forKey: key) else { continue }
                throw DecodingError.valueNotFound(
                    Any.self,
                    DecodingError.Context(
                        codingPath: fields.codingPath + [key],
                        debugDescription: "a field is set or left out, never null"))
            }
        }
    }
}
