import Foundation
import NIOCore
import NIOHTTP1
import PMSync
import PMSyncProtocol
import Testing

@testable import PMSyncClient

@Suite struct SyncTransportErrorAnswerTests {
    static func body(code: String, message: String) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(ErrorBody(code: code, message: message)))
    }

    @Test func aClientErrorIsRefusedWithTheServersCodeAndMessage() throws {
        let error = SyncTransportError(status: .unauthorized, body: try Self.body(code: "unauthorized", message: "no"))

        #expect(error == .refused(status: 401, code: "unauthorized", message: "no"))
    }

    @Test func aClientErrorWithoutAnErrorBodyIsRefusedWithTheStatusText() {
        let error = SyncTransportError(status: .payloadTooLarge, body: ByteBuffer(string: "<html>too big</html>"))

        #expect(error == .refused(status: 413, code: "Payload Too Large", message: "Payload Too Large"))
    }

    @Test(arguments: [HTTPResponseStatus.requestTimeout, .tooManyRequests, .internalServerError, .badGateway])
    func timeoutsThrottlingAndServerFaultsAreRetryable(status: HTTPResponseStatus) throws {
        let error = SyncTransportError(status: status, body: try Self.body(code: "busy", message: "later"))

        guard case .serverFailed(let reason) = error else {
            Issue.record("\(status) gave \(error)")
            return
        }
        #expect(reason.contains("\(status.code)"))
    }

    @Test func aLeftOverRedirectIsAServerFailure() {
        #expect(SyncTransportError(status: .found, body: ByteBuffer()).isRetryable)
    }

    @Test func redactingBlanksTheSecretEverywhere() {
        let error = SyncTransportError.refused(status: 400, code: "x", message: "token pm_abc was bad")

        #expect(error.redacting("pm_abc") == .refused(status: 400, code: "x", message: "token <token> was bad"))
        #expect(SyncTransportError.unreachable("pm_abc").redacting("pm_abc") == .unreachable("<token>"))
    }
}
