import Foundation
import Hummingbird
import HummingbirdTesting
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// A server on an in-memory repository: `ada` is a member of board `team`, `bob` of none.
struct ServerFixture {
    let team: TeamServer
    var repository: InMemorySyncRepository { team.repository }
    var ada: AccessToken { team.ada }
    var bob: AccessToken { team.bob }

    static func make() async throws -> ServerFixture {
        ServerFixture(team: try await TeamServer.make())
    }

    var application: some ApplicationProtocol { application(clockSkew: .acceptingEveryWallTime) }

    /// The server with its clock and skew given: what pushes are checked against.
    func application(clockSkew: ClockSkew) -> some ApplicationProtocol {
        Application(
            router: buildRouter(repository: repository, openAPIDocument: "openapi: 3.1.0\n", clockSkew: clockSkew))
    }

    func headers(_ token: AccessToken?) -> HTTPFields {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return headers
    }

    static func body(_ operations: [ProjectOperation]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(PushRequest(operations: operations)))
    }
}

func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    try JSONDecoder().decode(type, from: Data(response.body.readableBytesView))
}

func expectError(_ response: TestResponse, _ status: HTTPResponse.Status, code: String) throws {
    #expect(response.status == status)
    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
    let body = try decode(ErrorBody.self, response)
    #expect(body.error.code == code)
    #expect(!body.error.message.isEmpty)
}
