import PMSync
import Testing

@Suite struct SyncTransportErrorTests {
    @Test func onlyARefusalStopsRetrying() {
        #expect(SyncTransportError.unreachable("connection refused").isRetryable)
        #expect(SyncTransportError.serverFailed("500").isRetryable)
        #expect(!SyncTransportError.refused(status: 401, code: "unauthorized", message: "revoked").isRetryable)
    }
}
