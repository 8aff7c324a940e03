import Foundation

/// Reads one secret line from standard input: the password `pm-server user password` sets.
/// On a terminal it asks on standard error and does not echo what is typed; from a pipe it
/// reads the first line as it is.
enum SecretInput {
    /// The first line of standard input without its line ending, or `nil` at end of input.
    static func readLine(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return Swift.readLine(strippingNewline: true) }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        let canSilence = tcgetattr(STDIN_FILENO, &saved) == 0
        if canSilence {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if canSilence { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            // The Return typed was not echoed either.
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return Swift.readLine(strippingNewline: true)
    }
}
