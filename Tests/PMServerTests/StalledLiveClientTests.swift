import Foundation
import Hummingbird
import HummingbirdTesting
import PMServer
import PMSyncProtocol
import PMTestSupport
import Testing

/// A live client that stops reading its socket cannot make the server hold more for it than the
/// newest head: heads it has not taken are replaced, never queued.
@Suite(.timeLimit(.minutes(2))) struct StalledLiveClientTests {
    @Test func givenAClientThatStopsReadingWhenManyHeadsLandThenItGetsTheNewestWithoutEveryOneBetween()
        async throws
    {
        let fixture = try await ServerFixture.make()
        let live = LiveHeads()
        let heads: Int64 = 200_000
        try await LiveRouteTests.application(fixture, live: live).test(.live) { client in
            // Given a live client with a small receive buffer that has read the first head
            let port = try #require(client.port)
            let socket = try await onOwnThread {
                let socket = try RawSocket(port: port, receiveBuffer: 4096)
                try socket.upgrade(path: "/v1/boards/team/live", token: fixture.ada.description)
                return socket
            }
            #expect(try await onOwnThread { try socket.nextHead() } == 0)

            // When it stops reading while many heads land
            for head in 1...heads {
                live.publish(board: "team", head: head)
                if head % 1000 == 0 { await Task.yield() }
            }

            // Then, reading again, it receives the newest, and far fewer frames than heads
            let (frames, last) = try await onOwnThread {
                var frames = 0
                var last: Int64 = 0
                while last < heads {
                    last = try socket.nextHead()
                    frames += 1
                }
                return (frames, last)
            }
            #expect(last == heads)
            #expect(frames < Int(heads) / 2, "\(frames) frames for \(heads) heads: the server queued them")
        }
    }
}
