import Foundation
import PMTestSupport
import Testing

/// The sign-in limit of a real `pm-server` (bcrypt at its real cost), played from several
/// loopback addresses: every way in — the web board's form, a bearer token on the API and the
/// live WebSocket, HTTP Basic for CalDAV — counts against one limit per (address, user or token),
/// and a right credential is never refused because of someone else's wrong ones.
@Suite(.serialized, .timeLimit(.minutes(3))) struct SignInLimitEndToEndTests {
    @Test func givenAHundredConcurrentWrongPasswordsFromOneAddressThenAtMostTheLimitAreChecked() async throws {
        // Given a server with ada, who has a password
        let server = try await SignInServer.start()
        defer { server.stop() }
        // When a hundred wrong passwords for her arrive together from one address
        let sent = try (0..<100).map { guess in
            try SignInServer.form(user: "ada", secret: "wrong guess \(guess)").start(
                port: server.port, from: "127.0.0.2")
        }
        let answers = try await Self.offThePool { try sent.map { try $0.answer().status } }
        // Then no more than five were checked (401) and every other one was refused unchecked (429)
        let checked = answers.filter { $0 == 401 }.count
        #expect(checked >= 1 && checked <= 5, "\(checked) of 100 checked")
        #expect(answers.filter { $0 == 429 }.count == 100 - checked)
    }

    @Test func givenManyRequestsAtOnceWithAdasRightPasswordAndTokenThenNoneIsRefused() async throws {
        // Given a server with ada, who has a password and a token
        let server = try await SignInServer.start()
        defer { server.stop() }
        // When her calendar app sends twelve requests at once with her password (each a bcrypt
        // check at its real cost), and a device twenty with her token, all from one address
        let calendar = try (0..<12).map { _ in
            try SignInServer.basic(user: "ada", password: "correct horse").start(port: server.port, from: "127.0.0.2")
        }
        let device = try (0..<20).map { _ in
            try LoopbackRequest(
                "GET", "/v1/boards/team/operations", headers: [("Authorization", "Bearer \(server.adaToken)")]
            ).start(port: server.port, from: "127.0.0.2")
        }
        let answers = try await Self.offThePool { try (calendar + device).map { try $0.answer().status } }
        // Then every one is answered as signed in: her own requests at once never refuse her
        #expect(answers.prefix(12).allSatisfy { $0 == 207 }, "calendar: \(answers.prefix(12))")
        #expect(answers.suffix(20).allSatisfy { $0 == 200 }, "device: \(answers.suffix(20))")
    }

    @Test func givenWrongSignInsAsAdaFromAStrangersAddressThenHerPasswordAndTokenStillSignHerIn() async throws {
        // Given five wrong sign-ins as ada from a stranger's address, spelt three ways
        let server = try await SignInServer.start()
        defer { server.stop() }
        for user in ["ada", "ADA", "ad%61", "Ada", "ada"] {
            let wrong = try server.send(SignInServer.form(user: user, secret: "not her password"), from: "127.0.0.2")
            #expect(wrong.status == 401)
        }
        // Then the stranger's next try is refused unchecked, whichever spelling
        let refused = try server.send(SignInServer.form(user: "ADA", secret: "correct horse"), from: "127.0.0.2")
        #expect(refused.status == 429)
        #expect(refused.headers["retry-after"].flatMap(Int.init).map { (1...60).contains($0) } == true)
        // And ada signs in from her own address with her password
        let signedIn = try server.send(SignInServer.form(user: "ada", secret: "correct horse"), from: "127.0.0.3")
        #expect(signedIn.status == 303)
        // And her token works on the API from anywhere, the stranger's address included
        for address in ["127.0.0.2", "127.0.0.3"] {
            let operations = try server.send(
                LoopbackRequest(
                    "GET", "/v1/boards/team/operations", headers: [("Authorization", "Bearer \(server.adaToken)")]),
                from: address)
            #expect(operations.status == 200, "from \(address)")
        }
    }

    @Test func givenWrongBasicPasswordsThenTheyCountWithTheFormsAndLaterWrongOnesAreSlowedDown() async throws {
        // Given a server allowing two wrong sign-ins per address and user
        let server = try await SignInServer.start(limit: 2)
        defer { server.stop() }
        let wrongBasic = SignInServer.basic(user: "ada", password: "not her password")
        // When an address sends one wrong Basic password and one wrong form
        #expect(try server.send(wrongBasic, from: "127.0.0.2").status == 401)
        #expect(try server.send(SignInServer.form(user: "ada", secret: "nope nope"), from: "127.0.0.2").status == 401)
        // Then its next Basic try for ada is refused unchecked: one limit for every way in
        let refused = try server.send(wrongBasic, from: "127.0.0.2")
        #expect(refused.status == 429)
        #expect(refused.headers["retry-after"] != nil)
        // When another address sends a wrong Basic password for ada, now past her limit
        let started = Date()
        let slowed = try server.send(wrongBasic, from: "127.0.0.3")
        // Then it is answered 401 only after a pause
        #expect(slowed.status == 401)
        #expect(Date().timeIntervalSince(started) >= 1)
        // And her right password, from there too, signs her in
        let right = try server.send(SignInServer.basic(user: "ada", password: "correct horse"), from: "127.0.0.3")
        #expect(right.status == 207)
    }

    @Test func givenAStaleTokenHammeringFromAnOfficeAddressThenOnlyItIsRefusedAndTheLockOutIsLogged() async throws {
        // Given a revoked token that a device behind the office's address keeps sending
        let server = try await SignInServer.start()
        defer { server.stop() }
        let stale = "Bearer pm_5a01" + String(repeating: "0", count: 36)
        var statuses: [Int] = []
        for _ in 0..<8 {
            statuses.append(
                try server.send(
                    LoopbackRequest("GET", "/v1/boards/team/operations", headers: [("Authorization", stale)]),
                    from: "127.0.0.2"
                ).status)
        }
        // Then the stale token is refused: five times checked, then unchecked
        #expect(statuses == [401, 401, 401, 401, 401, 429, 429, 429])
        // And every other device at that address still gets in: a token on the API and the live
        // WebSocket, a password on the form
        let api = try server.send(
            LoopbackRequest(
                "GET", "/v1/boards/team/operations", headers: [("Authorization", "Bearer \(server.adaToken)")]),
            from: "127.0.0.2")
        #expect(api.status == 200)
        let live = try LoopbackRequest(
            "GET", "/v1/boards/team/live",
            headers: [
                ("Authorization", "Bearer \(server.adaToken)"), ("Upgrade", "websocket"), ("Connection", "Upgrade"),
                ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="), ("Sec-WebSocket-Version", "13"),
            ]
        ).start(port: server.port, from: "127.0.0.2")
        #expect(try await Self.offThePool { try live.head().status } == 101)
        let form = try server.send(SignInServer.form(user: "ada", secret: "correct horse"), from: "127.0.0.2")
        #expect(form.status == 303)
        // And the lock-out is in the server's log, naming the token's prefix and the address
        let logged = server.log.split(separator: "\n").filter { $0.contains("sign-in limit reached") }
        #expect(logged.count == 1)
        #expect(logged.first?.contains("token:pm_5a01") == true)
        #expect(logged.first?.contains("127.0.0.2") == true)
    }

    /// Runs blocking socket reads on a thread of their own, not the cooperative pool's.
    static func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
