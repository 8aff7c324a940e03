import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMDAV
import PMDomain
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// A server with CalDAV on an in-memory repository: `ada` (a member of `team`) and `bob` (of
/// none), a world standing at noon on 2026-11-21 UTC.
struct DAVFixture {
    let team: TeamServer
    let world = TestWorld(day: "2026-11-21")
    let live = LiveHeads()
    var repository: InMemorySyncRepository { team.repository }

    static func make() async throws -> DAVFixture {
        DAVFixture(team: try await TeamServer.make())
    }

    var application: some ApplicationProtocol {
        Application(
            router: buildRouter(
                repository: repository, live: live,
                additions: CalDAV.additions(repository: repository, live: live, environment: world.environment),
                clockSkew: .acceptingEveryWallTime))
    }

    /// `Authorization: Basic` for `user` with `secret`.
    static func basic(_ user: String, _ secret: String) -> String {
        "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString()
    }

    var adaBasic: String { Self.basic("ada", ada.description) }
    var ada: AccessToken { team.ada }

    static let card = UUID(uuidString: "6f1c2a52-3b4d-4e5f-8a9b-0c1d2e3f4a5b")!
    static let other = UUID(uuidString: "7e2d3b63-4c5e-4f60-9bac-1d2e3f4a5b6c")!
    static let calendarPath = "/dav/calendars/ada/team/"
    static func path(_ id: UUID) -> String { "\(calendarPath)\(id.uuidString.lowercased()).ics" }

    /// A VTODO as a client writes it, CR LF line ends.
    static func todo(
        _ id: UUID = card, summary: String = "Write spec", due: String? = "20261201", status: String? = nil,
        extra: [String] = []
    ) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Client//EN", "BEGIN:VTODO",
            "UID:\(id.uuidString.lowercased())", "SUMMARY:\(summary)",
        ]
        if let due { lines.append("DUE;VALUE=DATE:\(due)") }
        if let status { lines.append("STATUS:\(status)") }
        lines += extra
        lines += ["END:VTODO", "END:VCALENDAR"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    func send(
        _ client: some TestClientProtocol, _ method: String, _ path: String, headers: [String: String] = [:],
        body: String? = nil, authorized: Bool = true
    ) async throws -> TestResponse {
        var fields = HTTPFields()
        if authorized { fields[.authorization] = adaBasic }
        for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
        return try await client.execute(
            uri: path, method: HTTPRequest.Method(method)!, headers: fields,
            body: body.map { ByteBuffer(string: $0) })
    }

    /// The board's merged cards.
    func cards() async throws -> [BoardSnapshot.Card] {
        try await repository.snapshot(board: "team").projects
    }

    func head() async throws -> Int64 {
        try await repository.snapshot(board: "team").seq
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
