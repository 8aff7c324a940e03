public import Foundation
public import Logging
import PMDomain
import PMSyncProtocol

/// One round of deadline notifications: each subscription is sent, once per card and
/// deadline, a ``DeadlineNotice`` for every card of its board that has fallen due
/// (``DeadlineDay``). Each reminder is claimed in the store before it is sent, so a restart or
/// a second server sharing the database never sends it twice; one the push service could not
/// take now is released for a later round; a subscription the push service says is gone is
/// removed.
public struct DeadlinePushes<Repository: PushSubscriptionRepository>: Sendable {
    /// What a round did.
    public struct Summary: Hashable, Sendable {
        /// Messages the push services took.
        public var delivered = 0
        /// Subscriptions removed because their push service said they are gone.
        public var gone = 0
        /// Messages not delivered: refused for good, or left for a later round.
        public var failed = 0

        /// A summary of these counts.
        public init(delivered: Int = 0, gone: Int = 0, failed: Int = 0) {
            self.delivered = delivered
            self.gone = gone
            self.failed = failed
        }
    }

    let repository: Repository
    let delivery: any WebPushDelivery
    let now: @Sendable () -> Date
    let defaultTimeZone: TimeZone
    let logger: Logger

    /// Rounds over `repository`, sending through `delivery`; a subscription without a time zone
    /// of its own reads deadlines in `defaultTimeZone` (the server's, unless set).
    public init(
        repository: Repository, delivery: any WebPushDelivery, now: @escaping @Sendable () -> Date,
        defaultTimeZone: TimeZone, logger: Logger
    ) {
        self.repository = repository
        self.delivery = delivery
        self.now = now
        self.defaultTimeZone = defaultTimeZone
        self.logger = logger
    }

    /// Sends what is due now.
    public func sendDue() async throws -> Summary {
        var summary = Summary()
        var projectsByBoard: [BoardName: [Project]] = [:]
        for subscription in try await repository.pushSubscriptions() {
            if Task.isCancelled { break }
            let projects: [Project]
            if let known = projectsByBoard[subscription.board] {
                projects = known
            } else {
                projects = try await repository.snapshot(board: subscription.board).projects.compactMap(\.state.project)
                projectsByBoard[subscription.board] = projects
            }
            try await send(to: subscription, projects: projects, summary: &summary)
        }
        return summary
    }

    /// Sends `subscription` each of `projects` due for it and not sent before; stops at the
    /// first message its push service cannot take.
    private func send(to subscription: PushSubscription, projects: [Project], summary: inout Summary) async throws {
        let zone = subscription.timeZone.flatMap(TimeZone.init(identifier:)) ?? defaultTimeZone
        let now = now()
        let today = Deadline(containing: now, in: zone)
        for project in DeadlineDay.due(projects, at: now, in: zone) {
            let reminder = Reminder(projectID: project.id, deadline: project.deadline)
            guard
                try await repository.claimPushReminder(
                    reminder, endpoint: subscription.endpoint, board: subscription.board)
            else { continue }
            let notice = DeadlineNotice(project: project, board: subscription.board, today: today)
            let outcome = await delivery.deliver(notice.json, to: subscription, urgent: notice.overdue)
            switch outcome {
            case .delivered:
                summary.delivered += 1
            case .gone:
                try await repository.deletePushSubscriptions(endpoint: subscription.endpoint)
                summary.gone += 1
                logger.info("push subscription gone; removed", metadata: ["board": "\(subscription.board)"])
                return
            case .refused(let reason):
                summary.failed += 1
                logger.warning(
                    "push service refused a deadline notification",
                    metadata: ["board": "\(subscription.board)", "reason": "\(reason)"])
            case .unavailable(let reason):
                try await repository.releasePushReminder(
                    reminder, endpoint: subscription.endpoint, board: subscription.board)
                summary.failed += 1
                logger.warning(
                    "push service unavailable; retrying next round",
                    metadata: ["board": "\(subscription.board)", "reason": "\(reason)"])
                return
            }
        }
    }
}
