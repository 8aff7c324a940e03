import Foundation
import Testing

/// A private D-Bus session with python-dbusmock's notification daemon on it, which records every
/// `Notify` call it receives: the real bus and protocol `notify-send` speaks, with a daemon
/// that can be asked what it got. Needs `dbus-daemon`, Debian's `python3-dbusmock` and `notify-send`
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
        // dbusmock's main loop does not end on SIGTERM.
        for process in [mock, bus] where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The summaries (titles) of the notifications received so far, in order, asked of the
    /// daemon itself over the bus (its log file is written with a delay).
    func summaries() throws -> [String] {
        let script = """
            import dbus, json, sys
            bus = dbus.bus.BusConnection(sys.argv[1])
            daemon = bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
            calls = daemon.GetCalls(dbus_interface="org.freedesktop.DBus.Mock")
            print(json.dumps([str(call[2][3]) for call in calls if call[1] == "Notify"]))
            """
        let query = Process()
        query.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        query.arguments = ["-c", script, address]
        let out = Pipe()
        query.standardOutput = out
        try query.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        query.waitUntilExit()
        try #require(query.terminationStatus == 0, "asking the notification daemon for its calls failed")
        return try JSONDecoder().decode([String].self, from: data)
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
