import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `pm board` whose terminal disappears without the hang-up signal reaching it (a shell
/// between it and the terminal keeps the signal to itself) must end, not poll a dead
/// terminal forever.
@Suite struct BoardHangUpTests {
    @Test func theBoardEndsWhenItsTerminalGoesAway() throws {
        // Given `pm board` on a real pseudo-terminal of 100×30, in a session of its own
        let pm = try PMRunner()
        _ = try pm.succeed(["add", "카드 하나", "--deadline", "+3d"])
        var controller: Int32 = -1
        var device: Int32 = -1
        var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        #expect(openpty(&controller, &device, nil, nil, &size) == 0)
        let process = Process()
        process.executableURL = PMRunner.binary
        process.arguments = ["board"]
        process.environment = pm.environment.merging(["TERM": "xterm-256color"]) { $1 }
        let terminal = FileHandle(fileDescriptor: device, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        try terminal.close()
        defer { if process.isRunning { process.terminate() } }

        // When the board has drawn and its terminal then goes away
        var drawn = Data()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, String(decoding: drawn, as: UTF8.self).contains("카드 하나") == false {
            var pollRequest = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&pollRequest, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = read(controller, &buffer, buffer.count)
            if count > 0 { drawn.append(contentsOf: buffer.prefix(count)) }
        }
        #expect(String(decoding: drawn, as: UTF8.self).contains("카드 하나"), "the board never drew its card")
        close(controller)

        // Then it ends within seconds, as a hang-up ends it
        let gone = Date().addingTimeInterval(5)
        while process.isRunning, Date() < gone { usleep(20_000) }
        #expect(!process.isRunning, "pm board still runs on a terminal that is gone")
        if !process.isRunning {
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == SIGHUP)
        }
    }
}
