import Foundation
import PMServer
import Testing

/// A token used all day is written down once an hour, not once a request.
@Suite struct TokenUsesTests {
    @Test func aTokenUseIsRecordedOnceAnHourAndEachTokenOnItsOwn() {
        // Given no use written down yet
        let uses = TokenUses()
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let phone: [UInt8] = Array(repeating: 1, count: 32)
        let laptop: [UInt8] = Array(repeating: 2, count: 32)
        // Then the first use is written, the next ones within the hour are not
        #expect(uses.shouldRecord(hash: phone, at: start))
        #expect(!uses.shouldRecord(hash: phone, at: start.addingTimeInterval(1)))
        #expect(!uses.shouldRecord(hash: phone, at: start.addingTimeInterval(3599)))
        // And another token is written on its own
        #expect(uses.shouldRecord(hash: laptop, at: start.addingTimeInterval(10)))
        // And an hour after the last written use, the next use is written again
        #expect(uses.shouldRecord(hash: phone, at: start.addingTimeInterval(3600)))
    }
}
