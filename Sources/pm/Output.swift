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

    func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func printJSON(_ value: some Encodable) throws {
        print(String(decoding: try JSONOutput.encoder.encode(value), as: UTF8.self))
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
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}
