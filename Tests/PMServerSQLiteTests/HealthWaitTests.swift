import Foundation
import PMTestSupport
import Testing

/// The wait for a starting server, which every process test goes through.
@Suite struct HealthWaitTests {
    @Test func givenEveryTestThreadIsHeldWhenAServerComesUpThenItsHealthIsStillSeenInTime() async throws {
        // Given a port where a server starts answering 0.3 s from now, on a thread of its own
        let port = try ServerProcess.freePort()
        Thread {
            usleep(300_000)
            answerHealthOnce(port: port)
        }.start()
        // When tasks hold every thread the tests share for three seconds, blocking, as tests
        // waiting for child processes do, while the wait allows two: a wait that polled on
        // those threads could not look again before its time ran out
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let held = (0..<cores * 2).map { _ in Task { usleep(3_000_000) } }
        let answer = try await waitForHealth(port: port, seconds: 2, isRunning: { true })
        for task in held { _ = await task.value }
        // Then the server's answer was still seen in time
        #expect(answer == .healthy)
    }

    @Test func givenNothingListensWhenTheTimeRunsOutThenTheWaitSaysSo() async throws {
        let port = try ServerProcess.freePort()
        let started = ContinuousClock.now
        let answer = try await waitForHealth(port: port, seconds: 1, isRunning: { true })
        #expect(answer == .timedOut)
        #expect(ContinuousClock.now - started >= .seconds(1))
    }

    @Test func givenTheProcessHasEndedWhenWaitingThenTheWaitSaysItExited() async throws {
        let port = try ServerProcess.freePort()
        let answer = try await waitForHealth(port: port, seconds: 10, isRunning: { false })
        #expect(answer == .exited)
    }
}

/// Listens on 127.0.0.1:`port`, answers one request with 200 and stops: a server that comes up
/// late, without a process to start.
private func answerHealthOnce(port: Int) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(listener) }
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let bound = withLoopbackAddress(port: port) { bind(listener, $0, $1) }
    guard bound == 0, listen(listener, 8) == 0 else { return }
    let connection = accept(listener, nil, nil)
    guard connection >= 0 else { return }
    defer { close(connection) }
    var request = [UInt8](repeating: 0, count: 1024)
    _ = recv(connection, &request, request.count, 0)
    let answer = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    _ = answer.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
}
