import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import PMWeb
import Synchronization
import Testing

/// The web board over an in-memory server (`ada` a member of `team`, `bob` of none, each with
/// a token), serving a folder of stand-in files, with a wall clock that moves only when a test
/// moves it and session ids from counted bytes.
final class WebFixture: Sendable {
    let team: TeamServer
    let resources: WebResources
    /// Holds the stand-in files; removed with the fixture.
    private let folder: TemporaryFolder
    private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    private let counter = Mutex(UInt8(0))
    let passwords = Mutex([String: String]())

    var repository: InMemorySyncRepository { team.repository }

    private init(team: TeamServer, folder: TemporaryFolder) throws {
        self.team = team
        self.folder = folder
        self.resources = try Self.standInResources(in: folder)
    }

    static func make() async throws -> WebFixture {
        try WebFixture(team: try await TeamServer.make(), folder: try TemporaryFolder(prefix: "pm-web"))
    }

    /// The time the board reads.
    var now: Date { time.withLock { $0 } }

    /// Moves the board's clock on by `seconds`.
    func advance(by seconds: TimeInterval) {
        time.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// The board (on `other`, else the team's repository), with a first-run invitation whose
    /// code is ``firstRunCode`` if `firstRun`.
    func web(firstRun: Bool = false, on other: InMemorySyncRepository? = nil) -> WebBoard<InMemorySyncRepository> {
        let repository = other ?? repository
        let invitation =
            firstRun
            ? FirstRun(
                randomBytes: Array(repeating: 0xC0, count: 16),
                checkPassword: { password in
                    guard password.count >= 8 else { throw PasswordTooShort() }
                },
                setPassword: { [self] user, password in passwords.withLock { $0[user.text] = password } })
            : nil
        return WebBoard(
            repository: repository, resources: resources, signIn: SignInCheck(repository: repository),
            now: { [self] in now },
            randomBytes: { [self] count in
                let byte = counter.withLock { value in
                    value &+= 1
                    return value
                }
                return Array(repeating: byte, count: count)
            }, firstRun: invitation)
    }

    static let firstRunCode = String(repeating: "c0", count: 16)

    func application(firstRun: Bool = false) -> some ApplicationProtocol {
        Application(
            router: buildRouter(
                repository: repository, additions: web(firstRun: firstRun).additions, clockSkew: .acceptingEveryWallTime
            ))
    }

    /// Signs `user` in with `secret` through the form and answers the cookie header to send.
    static func signIn(_ client: some TestClientProtocol, user: String, secret: String) async throws -> HTTPFields {
        let response = try await client.execute(
            uri: "/signin", method: .post, headers: form, body: body(["user": user, "secret": secret]))
        #expect(response.status == .seeOther)
        let cookie = try #require(response.headers[.setCookie])
        let pair = try #require(cookie.split(separator: ";").first)
        return [.cookie: String(pair), .origin: origin]
    }

    /// The server's own origin as the router tests address it (`http://localhost`).
    static let origin = "http://localhost"
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: origin]

    static func body(_ fields: [String: String]) -> ByteBuffer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let text = fields.sorted { $0.key < $1.key }.map { key, value in
            key + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }
        return ByteBuffer(string: text.joined(separator: "&"))
    }

    /// A folder inside `folder` holding what the real Resources will: the board page, a module, a
    /// stylesheet, the service worker; and a file beside it that must not be served.
    static func standInResources(in folder: TemporaryFolder) throws -> WebResources {
        let root = URL(fileURLWithPath: folder.file("resources"))
        for (path, text) in [
            "board.html":
                "<!doctype html><title>board</title><script type=\"module\" src=\"/static/js/app.js\"></script>",
            "js/app.js": "export const app = 1;\n",
            "css/board.css": "body { margin: 0; }\n",
            "sw.js": "self.addEventListener('install', () => {});\n",
            "manifest.webmanifest": #"{"name": "Project Manager"}"# + "\n",
            ".hidden": "secret\n",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try Data("outside\n".utf8).write(to: root.deletingLastPathComponent().appendingPathComponent("outside.txt"))
        return WebResources(root: root)
    }
}

struct PasswordTooShort: Error, CustomStringConvertible {
    var description: String { "a password must have 8 to 1000 characters" }
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
