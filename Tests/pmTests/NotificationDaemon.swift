import Foundation
import Testing

/// A private D-Bus session with python-dbusmock's notification daemon on it, which logs every
/// `Notify` call it receives: the real bus and protocol `notify-send` speaks, with a daemon
/// that can be read back. Needs `dbus-daemon`, Debian's `python3-dbusmock` and `notify-send`
/// (`scripts/test` installs them).
final class NotificationDaemon: @unchecked Sendable {
    let address: String
    let log: String
    private let bus: Process
    private let mock: Process

    init(folder: String) throws {
        let missing = ["/usr/bin/dbus-daemon", "/usr/bin/dbus-send", "/usr/bin/notify-send"].filter {
            !FileManager.default.isExecutableFile(atPath: $0)
        }
        try #require(missing.isEmpty, "missing \(missing); install dbus-daemon dbus-bin libnotify-bin python3-dbusmock")
        bus = Process()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--print-address=1"]
        let out = Pipe()
        bus.standardOutput = out
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        var text = Data()
        while !text.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "dbus-daemon printed no address")
            text.append(chunk)
        }
        address = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        log = folder + "/notifications.log"
        mock = Process()
        // Debian's python3-dbusmock lives with the system Python, whatever python3 is first on PATH.
        mock.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        mock.arguments = ["-m", "dbusmock", "--template", "notification_daemon", "-l", log]
        mock.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        mock.standardOutput = FileHandle.nullDevice
        mock.standardError = FileHandle.nullDevice
        try mock.run()
        try waitForDaemon()
    }

    deinit {
        mock.terminate()
        bus.terminate()
        mock.waitUntilExit()
        bus.waitUntilExit()
    }

    /// The summaries (titles) of the notifications received so far, in order.
    func summaries() throws -> [String] {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
        // A line reads: TIME Notify "APP" ID "ICON" "SUMMARY" "BODY" [ACTIONS] {HINTS} TIMEOUT
        return text.split(separator: "\n").filter { $0.contains(" Notify ") }.map { line in
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            return quoted.count > 5 ? String(quoted[5]) : String(line)
        }
    }

    /// Waits (up to 10 s) for the daemon to own its name on the bus.
    private func waitForDaemon() throws {
        for _ in 0..<200 {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
            probe.arguments = [
                "--session", "--dest=org.freedesktop.Notifications", "--print-reply",
                "/org/freedesktop/Notifications", "org.freedesktop.Notifications.GetServerInformation",
            ]
            probe.environment = ["DBUS_SESSION_BUS_ADDRESS": address]
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            try probe.run()
            probe.waitUntilExit()
            if probe.terminationStatus == 0 { return }
            usleep(50_000)
        }
        Issue.record("the notification daemon did not start")
    }
}
