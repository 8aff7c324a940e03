import PMSync
import Testing

@Suite struct SyncMachineTests {
    @Test func startsWithARoundThenGoesLive() {
        var machine = SyncMachine()
        #expect(machine.handle(.start) == [.runRound])
        #expect(machine.phase == .connecting)
        #expect(machine.handle(.roundSucceeded(head: 5, cursor: 5)) == [.openLive])
        #expect(machine.phase == .live)
        #expect(machine.handle(.liveHead(5)) == [], "its own head is no news")
        #expect(machine.handle(.liveHead(6)) == [.runRound])
        #expect(machine.phase == .syncing)
        #expect(machine.handle(.roundSucceeded(head: 6, cursor: 6)) == [], "the live connection is still open")
        #expect(machine.phase == .live)
    }

    @Test func aChangeDuringARoundRunsAnotherAfterIt() {
        var machine = SyncMachine()
        _ = machine.handle(.start)
        #expect(machine.handle(.localChange) == [])
        #expect(machine.handle(.syncRequested) == [], "never two rounds at once")
        #expect(machine.handle(.roundSucceeded(head: 1, cursor: 1)) == [.runRound])
        #expect(machine.handle(.roundSucceeded(head: 1, cursor: 1)) == [.openLive])
        #expect(machine.handle(.localChange) == [.runRound])
    }

    @Test func failuresBackOffAndASuccessResetsTheCount() {
        var machine = SyncMachine()
        _ = machine.handle(.start)
        #expect(machine.handle(.roundFailed(message: "refused", retryable: true)) == [.scheduleRetry(attempt: 1)])
        #expect(machine.phase == .offline)
        #expect(machine.handle(.localChange) == [], "offline changes wait for the retry")
        #expect(machine.handle(.retryDue) == [.runRound])
        #expect(machine.handle(.roundFailed(message: "refused", retryable: true)) == [.scheduleRetry(attempt: 2)])
        #expect(machine.lastError == "refused")
        _ = machine.handle(.retryDue)
        #expect(machine.handle(.roundSucceeded(head: 0, cursor: 0)) == [.openLive])
        #expect(machine.failures == 0)
        #expect(machine.lastError == nil)
        _ = machine.handle(.localChange)
        #expect(machine.handle(.roundFailed(message: "down", retryable: true)) == [.scheduleRetry(attempt: 1)])
    }

    @Test func aLostLiveConnectionIsCheckedWithARound() {
        var machine = SyncMachine()
        _ = machine.handle(.start)
        _ = machine.handle(.roundSucceeded(head: 0, cursor: 0))
        #expect(machine.handle(.liveClosed) == [.runRound])
        #expect(machine.handle(.roundSucceeded(head: 0, cursor: 0)) == [.openLive], "reopened after the round")
    }

    @Test func aLiveConnectionDroppedTwiceBeforeAnyHeadIsBlockedAndTheBoardPollsEveryTenSeconds() {
        // Given rounds that succeed and a proxy that drops the live connection's upgrade
        var machine = SyncMachine()
        _ = machine.handle(.start)
        #expect(machine.handle(.roundSucceeded(head: 0, cursor: 0)) == [.openLive])
        #expect(machine.handle(.liveClosed) == [.runRound], "one drop is checked with a round")
        #expect(!machine.liveBlocked)
        #expect(machine.handle(.roundSucceeded(head: 0, cursor: 0)) == [.openLive])

        // When the second connection closes without a head, live updates are blocked: no round
        // and upgrade straight away, a check in ten seconds instead
        #expect(machine.handle(.liveClosed) == [.schedulePoll])
        #expect(machine.liveBlocked)
        #expect(machine.phase == .live)
        #expect(SyncMachine.blockedPoll == .seconds(10))

        // Then each check is a round that tries live once more and books the next check
        #expect(machine.handle(.pollDue) == [.runRound])
        #expect(machine.handle(.roundSucceeded(head: 3, cursor: 3)) == [.openLive, .schedulePoll])
        #expect(machine.handle(.liveClosed) == [], "the next check is already booked")
        #expect(machine.handle(.localChange) == [.runRound], "a change still goes at once")
        #expect(machine.handle(.roundSucceeded(head: 4, cursor: 4)) == [.openLive])

        // When a connection announces a head, live works again and the check is dropped
        #expect(machine.handle(.liveHead(4)) == [])
        #expect(!machine.liveBlocked)
        #expect(machine.handle(.pollDue) == [])
        #expect(machine.handle(.liveClosed) == [.runRound], "an answered connection's drop is checked at once")
    }

    @Test func aRefusalStopsUntilTheUserAsks() {
        var machine = SyncMachine()
        _ = machine.handle(.start)
        #expect(machine.handle(.roundFailed(message: "token revoked", retryable: false)) == [.closeLive])
        #expect(machine.phase == .stopped("token revoked"))
        #expect(machine.handle(.localChange) == [])
        #expect(machine.handle(.retryDue) == [])
        #expect(machine.handle(.liveHead(9)) == [])
        #expect(machine.handle(.syncRequested) == [.runRound])
        #expect(machine.phase == .syncing)
    }

    @Test func backoffDoublesWithJitterUpToTheCap() {
        #expect(Backoff.delay(attempt: 1, random: 0) == .milliseconds(250))
        #expect(Backoff.delay(attempt: 1, random: 1) == .milliseconds(500))
        #expect(Backoff.delay(attempt: 3, random: 1) == .seconds(2))
        #expect(Backoff.delay(attempt: 3, random: 0.5) == .milliseconds(1500))
        #expect(Backoff.delay(attempt: 40, random: 1) == .seconds(60))
        #expect(Backoff.delay(attempt: 40, random: 0) == .seconds(30))
    }
}
