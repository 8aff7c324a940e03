import ArgumentParser
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import PMSyncClient

/// `pm-server health`: asks a running server's `GET /health`, for supervisors and container
/// health checks that have no curl: exit 0 when it answers that it and its database are well.
struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Check that a running pm-server and its database answer (exit 0), or say why not (exit 1).",
        discussion: """
            Example: pm-server health --url https://pm.example.org
            A server whose certificate a private CA signed (pm-server tls init): \
            pm-server health --url https://pm.lan:8443 --ca-file ca.pem (or SSL_CERT_FILE=ca.pem).
            """)

    @Option(help: "The server's address (its /health is asked).")
    var url = "http://127.0.0.1:8080"

    @Option(help: "Seconds to wait for the answer.")
    var timeout = 5

    @Option(help: "A private CA's certificate (PEM, the ca.pem of pm-server tls init) to trust; also SSL_CERT_FILE.")
    var caFile: String?

    func validate() throws {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil else {
            throw ValidationError("--url must be http(s)://HOST[:PORT], got \"\(url)\"")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be 1 or more, got \(timeout)") }
        if let problem = caFile.flatMap({ ServerTrust.problem(authorityFile: $0) }) {
            throw ValidationError(problem)
        }
    }

    /// The CAs the server's certificate may come from besides the system's: `--ca-file` and
    /// `SSL_CERT_FILE`, as `pm` trusts them.
    var trust: ServerTrust {
        let variable = ProcessInfo.processInfo.environment["SSL_CERT_FILE"]
        let files = [caFile, variable].compactMap { $0 }.filter { !$0.isEmpty }
        return files.isEmpty ? .system : ServerTrust(authorityFiles: files)
    }

    func run() async throws {
        let address = url.hasSuffix("/health") ? url : url.trimmingSuffix("/") + "/health"
        let verdict: Result<String, HealthFailure>
        var configuration = HTTPClient.Configuration()
        configuration.tlsConfiguration = try trust.tlsConfiguration()
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            let response = try await client.execute(
                HTTPClientRequest(url: address), timeout: .seconds(Int64(timeout)))
            let body = try await response.body.collect(upTo: 64 * 1024)
            let answer = try? JSONDecoder().decode(Answer.self, from: Data(body.readableBytesView))
            if response.status.code == 200, answer?.status == "ok" {
                verdict = .success("\(address): healthy")
            } else {
                let reason = answer?.reason ?? answer?.status ?? "HTTP \(response.status.code)"
                verdict = .failure(HealthFailure(description: "\(address): unhealthy: \(reason)"))
            }
        } catch {
            verdict = .failure(HealthFailure(description: "\(address): no answer: \(Self.reason(error))"))
        }
        try? await client.shutdown()
        switch verdict {
        case .success(let line): print(line)
        case .failure(let failure):
            FileHandle.standardError.write(Data("pm-server: \(failure.description)\n".utf8))
            throw ExitCode(1)
        }
    }

    private struct Answer: Decodable {
        var status: String
        var reason: String?
    }

    private struct HealthFailure: Error, CustomStringConvertible {
        let description: String
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError, error == .deadlineExceeded || error == .connectTimeout {
            return "it did not answer in time"
        }
        // BoringSSL says only CERTIFICATE_VERIFY_FAILED: an unknown CA, a self-signed or expired certificate.
        if "\(error)".contains("CERTIFICATE_VERIFY_FAILED") {
            return "its certificate is not trusted: no CA trusted here vouches for it, or it has expired "
                + "(for a private CA of pm-server tls init: --ca-file ca.pem, or SSL_CERT_FILE=ca.pem)"
        }
        return String(describing: error)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
