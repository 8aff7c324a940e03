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
}
