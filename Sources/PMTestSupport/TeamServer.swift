public import PMServer
import PMSyncProtocol

/// An in-memory server repository with two users and their tokens: `ada`, a member of board
/// `team`, and `bob`, a member of none. The server and client tests build on it.
public struct TeamServer: Sendable {
    public let repository = InMemorySyncRepository()
    public let ada = AccessToken(randomBytes: Array(repeating: 0xA1, count: 20))
    public let bob = AccessToken(randomBytes: Array(repeating: 0xB0, count: 20))

    private init() {}

    /// The repository with its users, tokens and board added.
    public static func make() async throws -> TeamServer {
        let server = TeamServer()
        try await server.repository.addUser(name: "ada")
        try await server.repository.addUser(name: "bob")
        try await server.repository.addToken(server.ada.stored(for: "ada"))
        try await server.repository.addToken(server.bob.stored(for: "bob"))
        try await server.repository.addBoard("team", members: ["ada"])
        return server
    }
}
