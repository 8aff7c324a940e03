import Foundation
import PMTestSupport
import Testing

/// The bare socket that the health wait and the slow-client tests connect with.
@Suite struct RawSocketTests {
    @Test func aSocketThatCannotConnectClosesItsNumberOnceSoAFileAnotherThreadOpensStaysOpen() async throws {
        // Given a port nobody listens on, and a thread that keeps opening files, which the
        // system numbers with the lowest free number: the one a failed socket has just freed
        let port = try ServerProcess.freePort()
        async let files: Int = onOwnThread {
            var closedUnderIt = 0
            for _ in 0..<20_000 {
                let file = open("/dev/null", O_RDONLY)
                sched_yield()
                if fcntl(file, F_GETFD) == -1 { closedUnderIt += 1 }
                if close(file) != 0 { closedUnderIt += 1 }
            }
            return closedUnderIt
        }
        // When sockets fail to connect to it over and over meanwhile
        let refused: Int = try await onOwnThread {
            (0..<20_000).reduce(0) { count, _ in (try? RawSocket(port: port)) == nil ? count + 1 : count }
        }
        // Then every one was refused, and none closed the other thread's file: closing a
        // socket's number twice closes whatever was given that number in between, as a server's
        // freshly accepted connection once was
        #expect(refused == 20_000)
        #expect(try await files == 0)
    }
}
