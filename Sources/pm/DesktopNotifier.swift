import Foundation

/// Shows desktop notifications through `notify-send` (libnotify), which hands them to whatever
/// notification daemon the session runs over D-Bus.
struct DesktopNotifier {
    let executable: String
    let variables: [String: String]

    /// A notifier for the session `variables` describe. Without `notify-send` on the `PATH`, or
    /// without a session bus to reach the daemon, there is no one to show a notification, and
    /// reminders would be lost silently: refused with what to do.
    init(variables: [String: String], userID: UInt32) throws(CommandFailure) {
        let path = (variables["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let found = path.map({ "\($0)/notify-send" }).first(where: FileManager.default.isExecutableFile)
        else {
            throw CommandFailure(
                "notify-send was not found on PATH: install libnotify-bin (Debian, Ubuntu) or libnotify")
        }
        var variables = variables
        if (variables["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty {
            // cron and some service managers start programs without the session's variables,
            // though the user's bus is at its standard place, as sd-bus finds it.
            let runtime = variables["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/run/user/\(userID)"
            let standard = runtime + "/bus"
            guard FileManager.default.fileExists(atPath: standard) else {
                throw CommandFailure(
                    "no desktop session bus: DBUS_SESSION_BUS_ADDRESS is not set and \(standard) does not exist; "
                        + "run pm remind inside your desktop session")
            }
            variables["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(standard)"
        }
        executable = found
        self.variables = variables
    }

    /// Shows one notification and waits until the daemon took it.
    func notify(summary: String, body: String, urgent: Bool) throws(CommandFailure) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--app-name=Project Manager", "--urgency=\(urgent ? "critical" : "normal")", "--", summary, body,
        ]
        process.environment = variables
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw CommandFailure("cannot run \(executable): \(error.localizedDescription)")
        }
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure("notify-send failed: \(reason.isEmpty ? "exit \(process.terminationStatus)" : reason)")
        }
    }
}
