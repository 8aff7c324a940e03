import Foundation
import PMDomain
import TerminalKit

/// Where and how a command prints: colour only on a terminal without `NO_COLOR`.
struct Output {
    let isTerminal: Bool
    let usesColor: Bool
    let errorIsTerminal: Bool

    init(variables: [String: String]) {
        isTerminal = isatty(STDOUT_FILENO) == 1
        errorIsTerminal = isatty(STDERR_FILENO) == 1
        usesColor = isTerminal && (variables["NO_COLOR"] ?? "").isEmpty
    }

    /// Prints a line. Card text comes from teammates and calendar apps, so control characters
    /// are shown, not obeyed (``TerminalText``); only this output's own colours pass.
    func print(_ text: String) {
        Self.write(TerminalText.printable(text + "\n", keepingStyles: usesColor), to: .standardOutput)
    }

    /// Prints JSON. The encoder escapes C0 controls; DEL and C1, which some terminals obey, are
    /// escaped here (`\u009b`), which is the same JSON string.
    func printJSON(_ value: some Encodable) throws {
        let json = String(decoding: try JSONOutput.encoder.encode(value), as: UTF8.self)
        Self.write(JSONOutput.escapingControls(json) + "\n", to: .standardOutput)
    }

    /// Writes `text`, or ends the command with ``outputFailed`` when it cannot be written (a full
    /// disk, a closed file): a Swift trap there used to look like a crash after a change was saved.
    static func write(_ text: String, to handle: FileHandle) {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            if handle != .standardError {
                try? FileHandle.standardError.write(
                    contentsOf: Data(
                        ("pm: the output could not be written (\(Self.reason(error))); any change the command "
                            + "made is saved (exit status \(outputFailed))\n").utf8))
            }
            Foundation.exit(outputFailed)
        }
    }

    /// The exit status of a command whose output could not be written (README, "Exit status").
    static let outputFailed: Int32 = 5

    private static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            posix.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(posix.code))
        {
            return String(cString: message)
        }
        if (error as NSError).domain == NSCocoaErrorDomain, (error as NSError).code == NSFileWriteOutOfSpaceError {
            return "no space left on the device"
        }
        return "\((error as NSError).localizedDescription)"
    }

    func red(_ text: String) -> String { usesColor ? ANSI.styled(text, Style(foreground: .red)) : text }
    func bold(_ text: String) -> String { usesColor ? ANSI.styled(text, Style(bold: true)) : text }
    func dim(_ text: String) -> String { usesColor ? ANSI.styled(text, Style(dim: true)) : text }

    /// A deadline as a list shows it: red when overdue on a terminal, marked `!` otherwise.
    func deadline(_ project: Project, today: Deadline) -> String {
        let text = project.deadline.description
        guard project.isOverdue(today: today) else { return text }
        return usesColor ? red(text) : text + " !"
    }
}

enum JSONOutput {
    /// `json` with DEL and C1 characters written as `\u` escapes (the encoder escapes only C0).
    static func escapingControls(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 == 0x7F || $0 == 0xC2 }) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                result += "\\u00" + String(scalar.value, radix: 16)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}
