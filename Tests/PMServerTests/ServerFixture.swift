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
    let repository = InMemorySyncRepository()
    let ada = AccessToken(randomBytes: Array(repeating: 0xA1, count: 20))
    let bob = AccessToken(randomBytes: Array(repeating: 0xB0, count: 20))

    static func make() async throws -> ServerFixture {
        let fixture = ServerFixture()
        try await fixture.repository.addUser(name: "ada")
        try await fixture.repository.addUser(name: "bob")
        try await fixture.repository.addToken(fixture.ada.stored(for: "ada"))
        try await fixture.repository.addToken(fixture.bob.stored(for: "bob"))
        try await fixture.repository.addBoard("team", members: ["ada"])
        return fixture
    }

    var application: some ApplicationProtocol {
        Application(router: buildRouter(repository: repository, openAPIDocument: "openapi: 3.1.0\n"))
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
