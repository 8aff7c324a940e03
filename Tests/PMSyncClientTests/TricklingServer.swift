import Hummingbird
import HummingbirdTesting
import NIOCore

/// A server whose snapshot route answers `answer` in `pieces.count` parts: the head and the
/// first part at once, then one part every `gap`. With `silentAfter`, it sends that many parts
/// and then nothing more until the test ends: a server that stopped mid-answer.
struct TricklingServer {
    let pieces: [[UInt8]]
    let gap: Duration
    var silentAfter: Int? = nil

    /// `answer` cut into `count` parts of about the same size.
    init(answer: [UInt8], count: Int, gap: Duration, silentAfter: Int? = nil) {
        let size = (answer.count + count - 1) / count
        pieces = stride(from: 0, to: answer.count, by: size).map { Array(answer[$0..<min($0 + size, answer.count)]) }
        self.gap = gap
        self.silentAfter = silentAfter
    }

    /// Runs `body` with the port of the running server; the server stops when it returns.
    func withServer<Value: Sendable>(_ body: @Sendable (_ port: Int) async throws -> Value) async throws -> Value {
        let (silence, release) = AsyncStream<Never>.makeStream()
        let router = Router()
        router.get("v1/boards/team/projects") { [pieces, gap, silentAfter] _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    let clock = ContinuousClock()
                    for (index, piece) in pieces.enumerated() {
                        if index == silentAfter {
                            for await _ in silence {}
                            return
                        }
                        if index > 0 { try await clock.sleep(for: gap) }
                        try await writer.write(ByteBuffer(bytes: piece))
                    }
                    try await writer.finish(nil)
                })
        }
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await application.test(.live) { client in
            defer { release.finish() }
            guard let port = client.port else { throw ServerFixture.FixtureError.noPort }
            return try await body(port)
        }
    }
}
