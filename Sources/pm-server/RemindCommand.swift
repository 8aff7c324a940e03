import ArgumentParser
import Foundation
import Logging
import PMServer
import PMServerPostgres
import PMServerSQLite

/// `pm-server remind`: sends the deadline notifications due now to the browsers subscribed by
/// Web Push, as `serve` does every minute, for cron and tests.
struct RemindCommand: StartedCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Send the deadline notifications that are due to subscribed browsers.",
        discussion: """
            Each browser subscribed to a board gets one notification per card and deadline, from \
            09:00 on the deadline's day in its time zone, for every card not done: the same as \
            serve sends every minute. What was sent is kept in the database, so no run sends it \
            again. With --once, sends what is due now and exits; without, looks every minute.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var push: PushOptions
    @Option(help: "The server's public address, the contact for push services unless --push-contact is given.")
    var publicURL: String?
    @Flag(help: "Send what is due now and exit.") var once = false

    func run(_ startUp: StartUp) async throws {
        let logger = Logger(label: "pm-server")
        let store = database.store(startUp)
        switch store {
        case .sqlite(let path):
            let repository: SQLiteSyncRepository
            do {
                repository = try ServerStore.openSQLite(path: path, creating: false, logger: logger)
            } catch {
                throw SQLiteErrorText.explained(error, path: path)
            }
            try await remind(repository, startUp: startUp, logger: logger)
        case .postgres(let url):
            try await PostgresSyncRepository.checkReachable(url: url, clock: startUp.clock, logger: logger)
            try await PostgresSyncRepository.withRepository(url: url, clock: startUp.clock, logger: logger) {
                try await remind($0, startUp: startUp, logger: logger)
            }
        }
    }

    private func remind(_ repository: some PushSubscriptionRepository, startUp: StartUp, logger: Logger) async throws {
        let pushes = push.pushes(
            repository: repository, keys: WebPushKeys(repository: repository), publicURL: publicURL, startUp: startUp,
            logger: logger)
        guard once else {
            await DeadlinePushService(pushes: pushes, clock: startUp.clock, logger: logger).repeatRounds()
            return
        }
        let summary = try await pushes.sendDue()
        print("Sent \(summary.delivered), subscriptions gone \(summary.gone), not delivered \(summary.failed)")
    }
}
