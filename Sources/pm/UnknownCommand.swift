import ArgumentParser

/// A first word that is not a command, caught before the parser reads it as an argument of the
/// hidden default command (`pm lsit` would otherwise report "unexpected argument" against `pm
/// overview`, a command nobody typed).
enum UnknownCommand {
    /// The message for `arguments`, when the first is a word that names no command.
    static func message(_ arguments: [String], commands: [any ParsableCommand.Type]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = commands.map { $0._commandName }
        guard !names.contains(word), word != "help" else { return nil }
        let visible = commands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        let nearest = visible.map { ($0, distance(word, $0)) }.min { $0.1 < $1.1 }
        let hint = nearest.flatMap { $0.1 <= 2 ? " Did you mean \"\($0.0)\"?" : nil } ?? ""
        return "unknown command \"\(word)\".\(hint)\nUsage: pm <command> [options]; the commands are "
            + visible.joined(separator: ", ") + " (pm --help explains them)."
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit (`lsit` → `list`).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
