import ArgumentParser
import PMStore

/// `pm push-after-change`: the push a change hands over at a terminal (``BackgroundPush``), run
/// in a process of its own. Hidden: nobody types it; `pm sync` is the command for a push by hand.
struct PushAfterChange: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: BackgroundPush.command,
        abstract: "Send this device's waiting changes after a change (started by pm itself).",
        shouldDisplay: false)

    @OptionGroup var options: GlobalOptions

    @MainActor func run() async throws {
        let context = try Context(options)
        let database = try context.open()
        guard let remote = try database.remote() else { return }
        await AutoPush.push(database, context, to: remote)
    }
}
