import ArgumentParser
import Foundation
import PMDomain
import PMStore

/// `pm remind`: desktop notifications for deadlines (seed 003's local notifications).
struct Remind: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Send a desktop notification when a project falls due.",
        discussion: """
            Notifies (through notify-send) of each card that is overdue or due within the window, \
            once per card and deadline: moving a deadline reminds again. What was sent is kept in \
            the database. Without --once, keeps running: it looks again when the day changes and \
            when the board changes (an edit, or a sync by another pm). Done cards are never \
            reminded of. Example: pm remind --before 2d --once
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "The window, as pm due --within: Nd or Nw; 1d is what is due today.")
    var before = "1d"

    @Flag(help: "Send what is due now and exit, instead of running on.")
    var once = false

    /// How often a running `pm remind` looks for the day changing and for changes by other
    /// processes (the board, a sync) — the same polling the board does, for the same reason:
    /// SQLite tells one process nothing of another's writes.
    static let pollInterval = Duration.seconds(2)

    func run() async throws {
        let context = try Context(options)
        let window = try DayCount(window: before)
        let notifier = try DesktopNotifier(variables: context.variables, userID: getuid())
        let database = try context.open()
        var seen: (day: Deadline, version: Int64)? = nil
        while true {
            let now = (day: context.today, version: try database.latestSequence())
            if seen.map({ $0.day != now.day || $0.version != now.version }) ?? true {
                try remind(database, today: now.day, window: window, notifier: notifier, output: context.output)
                seen = now
            }
            if once { return }
            try await context.environment.clock.sleep(for: Self.pollInterval)
        }
    }

    /// Sends every reminder due now, recording each as soon as the daemon took it, so a failure
    /// half-way neither loses nor repeats one.
    private func remind(
        _ database: AppDatabase, today: Deadline, window: DayCount, notifier: DesktopNotifier, output: Output
    ) throws {
        let due = Reminder.due(
            try database.projects(), today: today, window: window, alreadySent: try database.remindersSent())
        for project in due {
            let when = Reminder.when(project.deadline, today: today)
            let firstLines = project.description.split(separator: "\n", omittingEmptySubsequences: true).prefix(3)
            let body = ([when + " · " + project.status.heading] + firstLines.map(String.init)).joined(separator: "\n")
            try notifier.notify(summary: project.title, body: body, urgent: project.isOverdue(today: today))
            try database.recordReminder(Reminder(projectID: project.id, deadline: project.deadline))
            output.print("Reminded: \"\(project.title)\" — \(when)")
        }
    }
}
