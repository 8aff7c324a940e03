import Foundation
import PMSync
import PMSyncClient
import SwiftASN1
import Testing
import X509

/// `pm-server` serving HTTPS with a certificate of `pm-server tls init`'s private CA, and real
/// `pm` devices that trust that CA, or do not.
@Suite(.serialized) struct HTTPSEndToEndTests {
    /// Runs `pm-server tls init` for localhost and 127.0.0.1 in `folder` of `runner`, at the
    /// real time (the certificates are checked against the real clock), and requires success.
    @discardableResult
    static func tlsInit(_ runner: PMRunner, folder: String = "tls") throws -> PMResult {
        let result = try runner.run(
            ["tls", "init", "--host", "localhost", "--host", "127.0.0.1", "--folder", runner.path(folder)],
            environment: ["PM_NOW": nil], executable: SyncServer.binary)
        try #require(result.status == 0, "tls init: \(result.stderr)")
        return result
    }

    /// A server with `tls init`'s certificate, serving HTTPS; the runner that made the files.
    static func httpsServer() async throws -> (server: SyncServer, files: PMRunner) {
        let server = try SyncServer()
        let files = try PMRunner()
        try tlsInit(files)
        try await server.start(tls: (files.path("tls/server.pem"), files.path("tls/server-key.pem")))
        return (server, files)
    }

    @Test func tlsInitMakesAPrivateCAAndAServerCertificateForTheHostsReadableByTheOwnerOnly() throws {
        // Given an empty folder
        let runner = try PMRunner()

        // When tls init runs for localhost and 127.0.0.1
        let result = try Self.tlsInit(runner)

        // Then the CA and the server's certificate and keys are there, each 0600
        for name in ["ca.pem", "ca-key.pem", "server.pem", "server-key.pem"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: runner.path("tls/" + name))
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(name)")
        }
        // And the server's certificate names both hosts, is for a server, and is signed by the CA
        let authority = try Certificate(pemEncoded: String(contentsOfFile: runner.path("tls/ca.pem"), encoding: .utf8))
        let server = try Certificate(
            pemEncoded: String(contentsOfFile: runner.path("tls/server.pem"), encoding: .utf8))
        let names = try #require(try server.extensions.subjectAlternativeNames)
        #expect(names.contains(.dnsName("localhost")))
        #expect(names.contains(.ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))))
        #expect(try server.extensions.extendedKeyUsage?.contains(.serverAuth) == true)
        #expect(server.issuer == authority.subject)
        #expect(authority.publicKey.isValidSignature(server.signature, for: server))
        #expect(try authority.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        // And the next steps say how to serve, how pm trusts the CA and how an iPad does
        #expect(result.stdout.contains("--tls-certificate \(runner.path("tls/server.pem"))"))
        #expect(result.stdout.contains("--ca-file \(runner.path("tls/ca.pem"))"))
        #expect(result.stdout.contains("Certificate Trust Settings"))
    }

    @Test func tlsInitAgainKeepsTheCAAndMakesANewServerCertificate() throws {
        // Given a folder where tls init ran
        let runner = try PMRunner()
        try Self.tlsInit(runner)
        let authority = try String(contentsOfFile: runner.path("tls/ca.pem"), encoding: .utf8)
        let server = try String(contentsOfFile: runner.path("tls/server.pem"), encoding: .utf8)

        // When it runs again
        let again = try Self.tlsInit(runner)

        // Then the CA is the same (devices trust it still) and the server's certificate is new
        #expect(try String(contentsOfFile: runner.path("tls/ca.pem"), encoding: .utf8) == authority)
        #expect(try String(contentsOfFile: runner.path("tls/server.pem"), encoding: .utf8) != server)
        #expect(again.stdout.contains("Kept the private CA"))
    }

    @Test func tlsInitRefusesAHostThatIsNeitherANameNorAnAddress() throws {
        let runner = try PMRunner()
        let result = try runner.run(
            ["tls", "init", "--host", "pm server", "--folder", runner.path("tls")], executable: SyncServer.binary)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--host pm server is neither an IP address nor a host name"))
        #expect(!FileManager.default.fileExists(atPath: runner.path("tls")))
    }

    @Test(.timeLimit(.minutes(2)))
    func devicesTrustingThePrivateCASyncOverHTTPS() async throws {
        // Given a server on HTTPS, and devices A and B set to it with the CA's file
        let (server, files) = try await Self.httpsServer()
        #expect(server.url.hasPrefix("https://"))
        let a = try PMRunner()
        let b = try PMRunner()
        let caFile = ["--ca-file", files.path("tls/ca.pem")]
        try a.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken] + caFile)
        try b.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.bobToken] + caFile)

        // When A adds a card (in Korean) and syncs, and B syncs
        try a.add("보안 연결")
        try a.succeed(["sync"])
        try b.succeed(["sync"])

        // Then B holds A's card, and its remote keeps the CA file
        #expect(try b.cards().map(\.title) == ["보안 연결"])
        let shown = try b.succeed(["remote", "show", "--json"]).object()
        #expect(shown["caFile"] as? String == files.path("tls/ca.pem"))
    }

    @Test(.timeLimit(.minutes(2)))
    func healthOverHTTPSTrustsThePrivateCAOfCAFileOrSSLCertFileAndRefusesACertificateNoCAVouchesFor() async throws {
        // Given a server on HTTPS with a certificate of a private CA
        let (server, files) = try await Self.httpsServer()
        let health = ["health", "--url", server.url]

        // When health is asked without the CA, with --ca-file, and with SSL_CERT_FILE
        let untrusted = try files.run(health, executable: SyncServer.binary)
        let caFile = try files.run(health + ["--ca-file", files.path("tls/ca.pem")], executable: SyncServer.binary)
        let variable = try files.run(
            health, environment: ["SSL_CERT_FILE": files.path("tls/ca.pem")], executable: SyncServer.binary)

        // Then without the CA it exits 1 saying the certificate is not trusted and how to trust it
        #expect(untrusted.status == 1)
        #expect(untrusted.stderr.contains("its certificate is not trusted"), "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("--ca-file ca.pem"))
        // And with the CA, by option or by variable, it exits 0: healthy
        #expect(caFile.status == 0, "\(caFile.stderr)")
        #expect(caFile.stdout.contains("\(server.url)/health: healthy"))
        #expect(variable.status == 0, "\(variable.stderr)")
        #expect(variable.stdout.contains("healthy"))
    }

    @Test func healthRefusesACAFileThatIsNotACertificateNamingIt() throws {
        // Given a file that is not a PEM certificate
        let runner = try PMRunner()
        try Data("rubbish\n".utf8).write(to: URL(fileURLWithPath: runner.path("rubbish.pem")))

        // When health is given it as --ca-file
        let result = try runner.run(
            ["health", "--url", "https://127.0.0.1:1", "--ca-file", runner.path("rubbish.pem")],
            executable: SyncServer.binary)

        // Then it is a usage error naming the file and what it lacks
        #expect(result.status == 64)
        #expect(result.stderr.contains("--ca-file \(runner.path("rubbish.pem")) holds no PEM certificate"))
    }

    @Test(.timeLimit(.minutes(2)))
    func aCertificateNotTrustedIsRefusedNamingTheHostAndHowToTrustAPrivateCA() async throws {
        // Given a server on HTTPS with a private CA's certificate, and a device set to it without the CA
        let (server, files) = try await Self.httpsServer()
        let pm = try PMRunner()
        try pm.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])
        try pm.add("Not sent")

        // When the device syncs
        let sync = try pm.run(["sync"])

        // Then the sync fails, saying the certificate of 127.0.0.1 is not trusted and how to
        // trust a private CA, and the change stays on the device
        #expect(sync.status == 4)
        #expect(sync.stderr.contains("the certificate of 127.0.0.1 is not trusted"), "\(sync.stderr)")
        #expect(sync.stderr.contains("--ca-file") && sync.stderr.contains("SSL_CERT_FILE"))
        #expect(sync.stderr.contains("1 change kept"))
        // And the server logs no error for a client that refused its certificate
        #expect(!server.log.contains(" error "), "\(server.log)")
        // And nothing reached the server, by https or by http: a device that trusts the CA finds no card
        let other = try PMRunner()
        try other.succeed(
            [
                "remote", "set", server.url, "--board", SyncServer.board, "--token", server.bobToken, "--ca-file",
                files.path("tls/ca.pem"),
            ])
        try other.succeed(["sync"])
        #expect(try other.cards().isEmpty)
    }

    @Test(.timeLimit(.minutes(2)))
    func aCertificateForAnotherHostIsRefusedNamingTheHost() async throws {
        // Given a server whose certificate names only localhost, and a device that trusts its
        // CA but reaches it at 127.0.0.1
        let server = try SyncServer()
        let files = try PMRunner()
        let made = try files.run(
            ["tls", "init", "--host", "localhost", "--folder", files.path("tls")], environment: ["PM_NOW": nil],
            executable: SyncServer.binary)
        try #require(made.status == 0, "\(made.stderr)")
        try await server.start(tls: (files.path("tls/server.pem"), files.path("tls/server-key.pem")))
        let pm = try PMRunner()
        try pm.succeed(
            [
                "remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken, "--ca-file",
                files.path("tls/ca.pem"),
            ])

        // When it syncs
        let sync = try pm.run(["sync"])

        // Then it is refused, saying the certificate is not made for 127.0.0.1
        #expect(sync.status == 4)
        #expect(sync.stderr.contains("is not made for 127.0.0.1"), "\(sync.stderr)")
        #expect(sync.stderr.contains("pm-server tls init --host 127.0.0.1"))
    }

    @Test(.timeLimit(.minutes(2)))
    func sslCertFileIsTrustedToo() async throws {
        // Given a server on HTTPS, and a device set to it without --ca-file
        let (server, files) = try await Self.httpsServer()
        let pm = try PMRunner()
        try pm.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])

        // When the device syncs with SSL_CERT_FILE naming the CA
        let sync = try pm.run(["sync", "--json"], environment: ["SSL_CERT_FILE": files.path("tls/ca.pem")])

        // Then it gets through
        #expect(sync.status == 0, "\(sync.stderr)")
    }

    @Test(.timeLimit(.minutes(2)))
    func aPlainHTTPRemoteNeverReadsSSLCertFileSoAnUnreadableOneStopsNoPush() async throws {
        // Given a server on plain http, and a device set to it
        let server = try SyncServer()
        try await server.start()
        let (ada, bob) = try server.adaAndBob()

        // When the device adds a card with SSL_CERT_FILE naming a file that does not exist
        let added = try ada.run(
            ["add", "Sent over http", "--deadline", "+1d"], environment: ["SSL_CERT_FILE": ada.path("no-such-ca.pem")])

        // Then the automatic push gets through: no line says the change waits
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.isEmpty, "\(added.stderr)")
        // And another device finds the card on the server
        try bob.succeed(["sync"])
        #expect(try bob.cards().map(\.title) == ["Sent over http"])
    }

    @Test(.timeLimit(.minutes(2)))
    func theLiveWebSocketOverWSSTrustsTheCAAndRefusesWithoutIt() async throws {
        // Given a server on HTTPS with a private CA's certificate
        let (server, files) = try await Self.httpsServer()
        func transport(_ trust: ServerTrust) -> HTTPSyncTransport {
            HTTPSyncTransport(
                serverURL: server.url, board: SyncServer.board, token: server.adaToken, clock: ContinuousClock(),
                trust: trust)
        }

        // When pm's transport follows the board's heads over wss, trusting the CA
        var trusted = transport(ServerTrust(authorityFiles: [files.path("tls/ca.pem")])).heads().makeAsyncIterator()
        let head = try await trusted.next()

        // Then the server's first head arrives
        #expect(head != nil)

        // When it follows them trusting the system's CAs only
        var untrusted = transport(.system).heads().makeAsyncIterator()
        let refusal = await #expect(throws: SyncTransportError.self) { try await untrusted.next() }

        // Then the connection is refused, naming the host
        #expect(
            "\(refusal.map(String.init(describing:)) ?? "")".contains("the certificate of 127.0.0.1 is not trusted"))
    }

    @Test func aCAFileThatIsNotACertificateIsRefusedAndNothingIsSet() throws {
        let pm = try PMRunner()
        try Data("not a certificate\n".utf8).write(to: URL(fileURLWithPath: pm.path("ca.pem")))
        let set = try pm.run(
            [
                "remote", "set", "https://127.0.0.1:1", "--board", "team", "--token", "pm_x", "--ca-file",
                pm.path("ca.pem"),
            ])
        #expect(set.status != 0)
        #expect(set.stderr.contains("--ca-file \(pm.path("ca.pem")) holds no PEM certificate"), "\(set.stderr)")
        let plain = try pm.run(
            [
                "remote", "set", "http://127.0.0.1:1", "--board", "team", "--token", "pm_x", "--ca-file",
                pm.path("ca.pem"),
            ])
        #expect(plain.stderr.contains("--ca-file is for a server reached over https://"), "\(plain.stderr)")
        #expect(try pm.succeed(["remote", "show"]).stdout.contains("No remote set"))
    }

    @Test(.timeLimit(.minutes(2)))
    func signingInToTheWebBoardOverHTTPSSetsASecureCookie() async throws {
        // Given a server on HTTPS
        let (server, _) = try await Self.httpsServer()

        // When ada signs in with her token from the server's own https page
        let form = "user=ada&secret=\(server.adaToken)&next=%2F"
        let exchange = try await TLSExchange.send(
            "POST /signin HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nOrigin: https://127.0.0.1:\(server.port)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(form)",
            port: server.port)

        // Then the page from https is the server's own, and the session cookie is Secure
        #expect(exchange.answer.hasPrefix("HTTP/1.1 303"), "\(exchange.answer.prefix(300))")
        let cookie = exchange.answer.split(separator: "\r\n").first {
            $0.lowercased().hasPrefix("set-cookie: pm_session=")
        }
        #expect(cookie?.contains("Secure") == true, "\(cookie ?? "no cookie")")
    }

    @Test(.timeLimit(.minutes(2)))
    func aRenewedCertificateIsServedAfterSIGHUPWithoutRestarting() async throws {
        // Given a server on HTTPS and a device that trusts its CA
        let (server, files) = try await Self.httpsServer()
        let pm = try PMRunner()
        try pm.succeed(
            [
                "remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken, "--ca-file",
                files.path("tls/ca.pem"),
            ])
        let before = try await TLSExchange.health(port: server.port)
        let pid = try #require(server.processIdentifier)

        // When tls init runs again (a new certificate by the same CA) and the server gets SIGHUP
        try Self.tlsInit(files)
        kill(pid, SIGHUP)

        // Then new connections get the new certificate from the same process
        let renewed = try await Self.firstServed(port: server.port, other: before.serial)
        #expect(renewed.serial != before.serial)
        #expect(renewed.answer.hasPrefix("HTTP/1.1 200"))
        #expect(server.isRunning && server.processIdentifier == pid)
        // And the device still syncs, trusting the same CA
        try pm.add("After renewal")
        let sync = try pm.run(["sync"])
        #expect(sync.status == 0, "\(sync.stderr)")
    }

    @Test(.timeLimit(.minutes(2)))
    func aBrokenFileOnSIGHUPKeepsTheCertificateServed() async throws {
        // Given a server on HTTPS
        let (server, files) = try await Self.httpsServer()
        let before = try await TLSExchange.health(port: server.port)

        // When its certificate file is overwritten with rubbish and it gets SIGHUP
        try Data("half a certificate".utf8).write(to: URL(fileURLWithPath: files.path("tls/server.pem")))
        kill(try #require(server.processIdentifier), SIGHUP)
        for _ in 0..<100 where !server.log.contains("TLS certificate not reloaded") {
            try await Task.sleep(for: .milliseconds(50))
        }

        // Then it says it kept the certificate it had, naming the file, and serves it still
        #expect(server.log.contains("TLS certificate not reloaded"), "\(server.log)")
        #expect(server.log.contains("--tls-certificate \(files.path("tls/server.pem")) holds no PEM certificate"))
        let after = try await TLSExchange.health(port: server.port)
        #expect(after.serial == before.serial && after.answer.hasPrefix("HTTP/1.1 200"))
        #expect(server.isRunning)
    }

    @Test(.timeLimit(.minutes(2)))
    func badCertificateOrKeyFilesStopTheServerNamingTheFile() throws {
        // Given the files of two tls init runs, and files that are not what they should be
        let runner = try PMRunner()
        try Self.tlsInit(runner, folder: "one")
        try Self.tlsInit(runner, folder: "two")
        try Data("rubbish\n".utf8).write(to: URL(fileURLWithPath: runner.path("rubbish.pem")))
        let certificate = runner.path("one/server.pem")
        let key = runner.path("one/server-key.pem")
        let cases: [(certificate: String, key: String, message: String)] = [
            (runner.path("missing.pem"), key, "--tls-certificate \(runner.path("missing.pem")) cannot be read"),
            (certificate, runner.path("missing.pem"), "--tls-key \(runner.path("missing.pem")) cannot be read"),
            (
                runner.path("rubbish.pem"), key,
                "--tls-certificate \(runner.path("rubbish.pem")) holds no PEM certificate"
            ),
            (
                certificate, runner.path("rubbish.pem"),
                "--tls-key \(runner.path("rubbish.pem")) holds no unencrypted PEM"
            ),
            (certificate, runner.path("two/server-key.pem"), "is not the private key of the certificate"),
        ]
        for bad in cases {
            // When the server is started with them
            let result = try runner.run(
                [
                    "serve", "--port", "0", "--tls-certificate", bad.certificate, "--tls-key", bad.key, "--database",
                    runner.path("server.sqlite"),
                ],
                executable: SyncServer.binary)

            // Then it exits non-zero with a message naming the file, having made no database
            #expect(result.status != 0)
            #expect(result.stderr.contains(bad.message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: runner.path("server.sqlite")))
        }
        // And one of the two options alone is refused
        let alone = try runner.run(
            ["serve", "--tls-certificate", certificate, "--database", runner.path("server.sqlite")],
            executable: SyncServer.binary)
        #expect(alone.status != 0 && alone.stderr.contains("--tls-certificate and --tls-key go together"))
    }

    /// The first exchange whose certificate is not `other`'s, trying for up to five seconds.
    static func firstServed(port: Int, other: String) async throws -> TLSExchange {
        var last = try await TLSExchange.health(port: port)
        for _ in 0..<100 where last.serial == other {
            try await Task.sleep(for: .milliseconds(50))
            last = try await TLSExchange.health(port: port)
        }
        return last
    }
}
