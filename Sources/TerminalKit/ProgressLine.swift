/// One line of progress for long work on a terminal — `Importing ███░░░ 42% 42,000/100,000 ·
/// 35,000/s · 2 s left` — as a pure function of what is done, so it is tested without a terminal
/// and drawn by whoever owns stderr.
public struct ProgressLine: Hashable, Sendable {
    /// What is being done, first on the line ("Importing", "Receiving").
    public var label: String
    /// Items done so far.
    public var done: Int
    /// Items in all.
    public var total: Int
    /// Time since the work began.
    public var elapsed: Duration

    /// The bar's width in cells.
    static let width = 24

    /// A line for `done` of `total` items after `elapsed`.
    public init(label: String, done: Int, total: Int, elapsed: Duration) {
        self.label = label
        self.done = done
        self.total = total
        self.elapsed = elapsed
    }

    /// The line's text: the bar, the percentage, the counts, and once a rate can be told (a
    /// tenth of a second in), the rate and the time left.
    public var text: String {
        let total = max(self.total, 1)
        let done = min(max(self.done, 0), total)
        let filled = done * Self.width / total
        var line =
            "\(label) " + String(repeating: "█", count: filled) + String(repeating: "░", count: Self.width - filled)
            + " \(done * 100 / total)% \(Self.grouped(done))/\(Self.grouped(total))"
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if seconds >= 0.1, done > 0 {
            let rate = Double(done) / seconds
            line += " · \(Self.grouped(Int(rate.rounded())))/s"
            if done < total { line += " · \(Self.duration(Double(total - done) / rate)) left" }
        }
        return line
    }

    /// `12,345`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// `4 s`, `2 min 5 s`, `1 h 3 min`, rounded up so "0 s left" is never shown before the end.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(max(whole, 1)) s" }
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }
}
