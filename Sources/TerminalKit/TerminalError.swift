/// Why the terminal could not be put into full-screen mode.
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case notATerminal
        case attributes
    }

    private let code: Code
    /// The message shown to the user.
    public let description: String

    private init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }

    /// Standard input or output is a pipe or file, so there is no screen to take over.
    public static let notATerminal = TerminalError(
        .notATerminal, "the board needs an interactive terminal; standard input or output is not one")

    static func attributes(_ call: String, errno: Int32) -> Self {
        Self(.attributes, "cannot switch the terminal to raw mode (\(call) failed with errno \(errno))")
    }
}
