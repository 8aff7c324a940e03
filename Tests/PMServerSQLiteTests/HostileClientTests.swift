import Foundation
import PMTestSupport
import Testing

/// What an unauthenticated (or one greedy) client can do to a real `pm-server` process over raw
/// sockets, and what the server does about it: every connection is answered or closed in
/// bounded time, whatever it sends.
@Suite struct HostileClientTests {
    /// The request deadline of the servers that are not about it: far from anything a test waits.
    static let longTimeout = "60"

    /// Sends `bytes` on a new connection and reads until the server ends it: the answer, how it
    /// ended, and the seconds that took.
    static func exchange(port: Int, _ bytes: [UInt8]) async throws -> (
        answer: String, end: RawSocket.Received, seconds: Double
    ) {
        try await onOwnThread {
            let socket = try RawSocket(port: port, readTimeout: 20)
            let start = Date()
            socket.send(bytes: bytes)
            let (answer, end) = socket.receiveUntilEnd()
            return (String(decoding: answer, as: UTF8.self), end, Date().timeIntervalSince(start))
        }
    }

    /// Whether `end` is the server ending the connection (a close or a reset), not a read timeout.
    static func isEnded(_ end: RawSocket.Received) -> Bool {
        switch end {
        case .closed, .failed: true
        case .bytes, .timedOut: false
        }
    }

    @Test func givenAFirstRequestHeadThatCannotBeParsedThenTheServerAnswers400AndClosesAtOnce() async throws {
        let server = try await HostileServer(options: ["--request-timeout", Self.longTimeout])
        let host = "Host: 127.0.0.1\r\n"
        let malformed: [(String, [UInt8])] = [
            ("an unknown method", Array("X / HTTP/1.1\r\n\(host)\r\n".utf8)),
            ("a lower-case method", Array("get /health HTTP/1.1\r\n\(host)\r\n".utf8)),
            (
                "a raw non-ASCII byte in the path",
                Array("GET /caf".utf8) + [0xFF] + Array(" HTTP/1.1\r\n\(host)\r\n".utf8)
            ),
            ("a header line without a colon", Array("GET /health HTTP/1.1\r\n\(host)no colon here\r\n\r\n".utf8)),
            (
                "a header block over 80 KB",
                Array("GET /health HTTP/1.1\r\n\(host)X-Big: \(String(repeating: "a", count: 90_000))\r\n\r\n".utf8)
            ),
            (
                "Content-Length with Transfer-Encoding",
                Array(
                    "POST /signin HTTP/1.1\r\n\(host)Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
                        .utf8)
            ),
            ("HTTP/9.9", Array("GET /health HTTP/9.9\r\n\(host)\r\n".utf8)),
        ]
        for (what, bytes) in malformed {
            // When a new connection's first request is one of these
            let (answer, end, seconds) = try await Self.exchange(port: server.server.port, bytes)

            // Then it is answered 400 with the reason, and closed long before any deadline
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(what): \(answer.prefix(200))")
            #expect(answer.contains("\"code\":\"malformedRequest\""), "\(what): \(answer.prefix(400))")
            #expect(Self.isEnded(end), "\(what): the connection was left open")
            #expect(seconds < 10, "\(what): closed after \(seconds) s")
        }
        // And the server still answers everyone else
        let (health, _, _) = try await Self.exchange(
            port: server.server.port, Array("GET /health HTTP/1.1\r\n\(host)Connection: close\r\n\r\n".utf8))
        #expect(health.hasPrefix("HTTP/1.1 200"), "\(health)")
        // And no connection was logged as an error: a client cannot fill the log line by line
        #expect(!server.server.log.contains(" error "), "\(server.server.log.suffix(2000))")
    }

    @Test func givenAServerLimitedTo128OpenFilesThen300UnreadableRequestsLeaveItAnsweringEveryone() async throws {
        // Given a server that may hold 128 open files
        let server = try await HostileServer(options: ["--request-timeout", Self.longTimeout])
        let pid = try #require(server.server.processIdentifier)
        // (util-linux's `prlimit`: Glibc's module does not export the call)
        let prlimit = try Process.run(
            URL(fileURLWithPath: "/usr/bin/prlimit"), arguments: ["--pid", "\(pid)", "--nofile=128:128"])
        prlimit.waitUntilExit()
        try #require(prlimit.terminationStatus == 0)
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        #expect(limits.range(of: #"Max open files\s+128\s+128"#, options: .regularExpression) != nil)
        let port = server.server.port

        // When 300 connections each send a head that cannot be parsed, and keep their sockets open
        let (sockets, answers) = try await onOwnThread {
            let sockets = try (0..<300).map { _ in
                let socket = try RawSocket(port: port, readTimeout: 5)
                socket.send("get /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return socket
            }
            var answers: [String] = []
            for socket in sockets {
                let (bytes, end) = socket.receiveUntilEnd()
                answers.append(String(decoding: bytes.prefix(12), as: UTF8.self))
                // A connection left open would make every later read wait out its timeout
                if !Self.isEnded(end) { break }
            }
            return (sockets, answers)
        }

        // Then every one is answered 400 and closed, and, while they are all still open on the
        // client's side, /health still answers
        #expect(answers.count == 300)
        #expect(answers.allSatisfy { $0 == "HTTP/1.1 400" }, "\(Set(answers))")
        let (health, _, _) = try await Self.exchange(
            port: port, Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        #expect(health.hasPrefix("HTTP/1.1 200"), "\(health)")
        withExtendedLifetime(sockets) {}
    }

    /// Connects, sends `head`, then `trickle` a byte every half second until the server ends
    /// the connection: the seconds from connecting to the end (`nil`: still open after 20 s).
    static func secondsUntilEnded(port: Int, head: String, trickle: String) async throws -> Double? {
        try await onOwnThread {
            let socket = try RawSocket(port: port, readTimeout: 1)
            let start = Date()
            socket.send(head)
            var sent = 0
            while Date().timeIntervalSince(start) < 20 {
                if !trickle.isEmpty {
                    let index = trickle.index(trickle.startIndex, offsetBy: sent % trickle.count)
                    socket.send(String(trickle[index]))
                    sent += 1
                }
                switch socket.receive(limit: 65536) {
                case .closed, .failed: return Date().timeIntervalSince(start)
                case .bytes, .timedOut: continue
                }
            }
            return nil
        }
    }

    @Test func givenAClientThatTricklesAHeadOrABodyThenTheServerClosesItAfterTheRequestTimeout() async throws {
        // Given a server that gives a request three seconds to arrive whole
        let server = try await HostileServer(options: ["--request-timeout", "3"])
        let port = server.server.port
        let host = "Host: 127.0.0.1\r\n"
        let push =
            "POST /v1/boards/team/push HTTP/1.1\r\n\(host)Authorization: Bearer \(server.ada)\r\n"
            + "Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n"
        let cases: [(String, head: String, trickle: String)] = [
            ("nothing at all", "", ""),
            ("a head a byte at a time", "GET /health HTTP/1.1\r\n", "X-Slow: 1\r\n"),
            ("a head ending in a header line that never ends", "GET /health HTTP/1.1\r\n\(host)X-Slow: ", "a"),
            ("a body a byte at a time", push, "{\"ops\":[ "),
            (
                "a second request's body a byte at a time",
                "GET /health HTTP/1.1\r\n\(host)\r\n" + push, "{\"ops\":[ "
            ),
        ]
        for (what, head, trickle) in cases {
            // When a client sends that, keeping the connection busy more often than the idle timeout
            let seconds = try await Self.secondsUntilEnded(port: port, head: head, trickle: trickle)

            // Then the server closes it once the deadline has passed, not before
            let closedAfter = try #require(seconds, "\(what): still open after 20 s")
            #expect(closedAfter >= 2.5, "\(what): closed after \(closedAfter) s")
            #expect(closedAfter < 12, "\(what): closed after \(closedAfter) s")
        }
        // While a whole request is still answered
        let (health, _, _) = try await Self.exchange(
            port: port, Array("GET /health HTTP/1.1\r\n\(host)Connection: close\r\n\r\n".utf8))
        #expect(health.hasPrefix("HTTP/1.1 200"), "\(health)")
        // And no connection was logged as an error: a client cannot fill the log line by line
        #expect(!server.server.log.contains(" error "), "\(server.server.log.suffix(2000))")
    }

    /// Opens a live connection to `board` with `token` on a socket of its own thread: the close
    /// frame's code and reason if the server closes it at once, `nil` once a head arrived.
    static func openLive(port: Int, board: String, token: String) async throws -> (RawSocket, refusal: String?) {
        try await onOwnThread {
            let socket = try RawSocket(port: port, readTimeout: 10)
            try socket.upgrade(path: "/v1/boards/\(board)/live", token: token)
            if try socket.nextOpcode() == 0x8 {
                let (code, reason) = try socket.nextClose()
                return (socket, "\(code) \(reason)")
            }
            _ = try socket.nextHead()
            return (socket, nil)
        }
    }

    @Test func givenAUserOrAnAddressAtItsLiveConnectionLimitThenTheNextIsClosedWithTheLimitItBroke() async throws {
        // Given a server that lets a user hold two live connections and an address three
        let server = try await HostileServer(options: [
            "--request-timeout", Self.longTimeout, "--live-connections-per-user", "2",
            "--live-connections-per-address", "3",
        ])
        let port = server.server.port
        var open: [RawSocket] = []
        for _ in 0..<2 {
            let (socket, refusal) = try await Self.openLive(port: port, board: "team", token: server.ada)
            #expect(refusal == nil)
            open.append(socket)
        }

        // When Ada opens a third
        let (_, overUser) = try await Self.openLive(port: port, board: "team", token: server.ada)

        // Then it is closed at once with 1008 and the rule
        #expect(overUser == "1008 tooManyLiveConnections: a user may hold at most 2 live connections")

        // And from the same address Bob gets one more, then is refused by the address's limit
        let (bobs, bobFirst) = try await Self.openLive(port: port, board: "other", token: server.bob)
        #expect(bobFirst == nil)
        let (_, overAddress) = try await Self.openLive(port: port, board: "other", token: server.bob)
        #expect(overAddress == "1008 tooManyLiveConnections: one address may hold at most 3 live connections")
        _ = bobs

        // And once Ada closes one, she may open another
        open.removeFirst()
        var reopened: String? = "not tried"
        for _ in 0..<50 where reopened != nil {
            reopened = try await Self.openLive(port: port, board: "team", token: server.ada).refusal
            if reopened != nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(reopened == nil, "a closed connection was not given back")
        _ = open
    }

    @Test func givenDebugLoggingThenNoLogLineHoldsAFeedKeyOrAWelcomeCode() async throws {
        // Given a server logging at debug level and Ada's feed of board team
        let folder = try TemporaryFolder(prefix: "pm-hostile-log")
        let database = folder.file("pm-server.sqlite")
        _ = try ServerProcess.addMember("ada", board: "team", database: database)
        let added = try ServerProcess.run(["feed", "add", "ada", "team", "--database", database])
        let path = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let key = try #require(path.components(separatedBy: "key=").last)
        #expect(key.hasPrefix("pmf_"))
        let server = try ServerProcess(
            database: database, log: folder.file("server.log"), options: ["--log-level", "debug"])
        try await server.start()
        defer { server.stop() }

        // When the feed is read with its key, a wrong key, and a code in another query
        for target in [path, "/feeds/team.ics?key=pmf_00112233445566778899", "/welcome?code=sesame-0042&x=1"] {
            let (answer, _, _) = try await Self.exchange(
                port: server.port, Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            #expect(answer.hasPrefix("HTTP/1.1"))
        }

        // Then the request log shows those requests with the secrets masked, and no line holds one
        let log = server.log
        #expect(log.contains("/feeds/team.ics?key=REDACTED"), "\(log.suffix(2000))")
        #expect(log.contains("/welcome?code=REDACTED&x=1"), "\(log.suffix(2000))")
        for secret in [key, "pmf_00112233445566778899", "sesame-0042"] {
            #expect(!log.contains(secret), "the log holds \(secret)")
        }
    }

    @Test func givenASignInFormOver16KiBThenTheAnswerIs413NamingTheLimitAndNothingIsLogged() async throws {
        let server = try await HostileServer(options: ["--request-timeout", Self.longTimeout])
        // When a sign-in form of 20 KiB is posted
        let form = "user=ada&secret=" + String(repeating: "a", count: 20 * 1024)
        let (answer, _, _) = try await Self.exchange(
            port: server.server.port,
            Array(
                ("POST /signin HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n\r\n"
                    + form).utf8))

        // Then it is refused 413 as the API document says, with the limit, and logged as no failure
        #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer.prefix(300))")
        #expect(answer.contains("\"code\":\"bodyTooLarge\""), "\(answer)")
        #expect(answer.contains("at most 16384 bytes"), "\(answer)")
        #expect(!server.server.log.contains("request failed"), "\(server.server.log.suffix(2000))")
    }

    @Test func givenTheBoardPageAsAStaticFileThenItCarriesThePagesSecurityHeaders() async throws {
        let server = try await HostileServer(options: ["--request-timeout", Self.longTimeout])
        for path in ["/static/board.html", "/"] {
            // When an HTML document is fetched, as a file or as a page
            let (answer, _, _) = try await Self.exchange(
                port: server.server.port,
                Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            let head = answer.components(separatedBy: "\r\n\r\n").first?.lowercased() ?? ""

            // Then it is sent with the policy that forbids framing it and running others' scripts
            #expect(head.hasPrefix("http/1.1 200"), "\(path): \(head)")
            #expect(head.contains("content-type: text/html"), "\(path): \(head)")
            #expect(head.contains("content-security-policy: default-src 'self'; script-src 'self'"), "\(path): \(head)")
            #expect(head.contains("frame-ancestors 'none'"), "\(path): \(head)")
            #expect(head.contains("referrer-policy: same-origin"), "\(path): \(head)")
        }
    }
}

/// A real `pm-server` on a fresh database with Ada (a member of board `team`) and Bob (of board
/// `other`), started with `options`; stopped and removed with the last reference.
struct HostileServer {
    let folder: TemporaryFolder
    let server: ServerProcess
    /// Ada's token.
    let ada: String
    /// Bob's token.
    let bob: String

    init(options: [String]) async throws {
        folder = try TemporaryFolder(prefix: "pm-hostile")
        let database = folder.file("pm-server.sqlite")
        ada = try ServerProcess.addMember("ada", board: "team", database: database)
        bob = try ServerProcess.addMember("bob", board: "other", database: database)
        server = try ServerProcess(database: database, log: folder.file("server.log"), options: options)
        try await server.start()
    }
}
