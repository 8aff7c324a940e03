public import Foundation
import PMDomain

/// The server's answer to a push: the sequence number each operation holds on the board.
public struct PushResponse: Codable, Hashable, Sendable {
    /// Where one operation landed.
    public struct Result: Codable, Hashable, Sendable {
        /// The operation's id.
        public var id: UUID
        /// Its position in the board's server order, from 1.
        public var seq: Int64

        /// A result from its parts.
        public init(id: UUID, seq: Int64) {
            self.id = id
            self.seq = seq
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id.lowercased, forKey: .id)
            try container.encode(seq, forKey: .seq)
        }
    }

    /// One result per pushed operation, in the order they were pushed.
    public var results: [Result]

    /// An answer holding `results`.
    public init(results: [Result]) {
        self.results = results
    }
}
