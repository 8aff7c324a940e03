import Foundation
import PMTestSupport
import Testing

/// A real `pm-server` with ada (password `correct horse`, and a token) on board `team`.
struct SignInServer {
    let command: ServerCommand
    let server: ServerProcess
    let adaToken: String

    var port: Int { server.port }
    var log: String { server.log }

    /// Starts it, with `--sign-in-limit` `limit` when given, and further `options`.
    static func start(limit: Int? = nil, options: [String] = []) async throws -> SignInServer {
        let command = ServerCommand()
        let added = try command.run(["user", "add", "ada"])
        try #require(added.status == 0)
        try #require(try command.run(["user", "password", "ada"], input: "correct horse\n").status == 0)
        try #require(try command.run(["board", "add", "team", "--member", "ada"]).status == 0)
        let server = try ServerProcess(
            database: command.database, log: command.folder.appendingPathComponent("server.log").path,
            options: (limit.map { ["--sign-in-limit", "\($0)"] } ?? []) + options)
        try await server.start()
        return SignInServer(
            command: command, server: server, adaToken: added.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: command.folder)
    }

    /// Sends `request` from `address` and reads the answer.
    func send(_ request: LoopbackRequest, from address: String) throws -> LoopbackRequest.Answer {
        try request.send(port: port, from: address)
    }

    /// The web board's sign-in form, as a browser on the server's own page posts it.
    static func form(user: String, secret: String) -> LoopbackRequest {
        let secret = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret
        return LoopbackRequest(
            "POST", "/signin", headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: "user=\(user)&secret=\(secret)")
    }

    /// A CalDAV PROPFIND of ada's calendars with HTTP Basic.
    static func basic(user: String, password: String) -> LoopbackRequest {
        let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
        return LoopbackRequest(
            "PROPFIND", "/dav/calendars/\(user)/", headers: [("Authorization", "Basic \(credentials)"), ("Depth", "0")])
    }
}
