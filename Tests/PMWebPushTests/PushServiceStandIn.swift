import Foundation
import PMTestSupport

/// The tests' own push service (`PushService/push_service.py`, run by `PM_TEST_PYTHON`), which
/// checks every message's VAPID token and decrypts it as a browser would.
final class PushServiceStandIn: @unchecked Sendable {
    /// One message it received.
    struct Received: Decodable, Hashable {
        /// The subscription it was for.
        var id: String
        /// The status it answered.
        var status: Int
        /// The decrypted payload, if it could be.
        var payload: String?
        /// What was wrong with the message (empty when it was right).
        var problems: [String]
        /// The VAPID public key it named (`k=`).
        var key: String?

        /// The payload's notice.
        var notice: [String: String] {
            guard let payload,
                let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]
            else { return [:] }
            return object.compactMapValues { $0 as? String }
        }
    }

    /// A subscription it made: its id and the `PushSubscription.toJSON()` a browser would send.
    struct Subscription {
        var id: String
        var json: String
        var endpoint: String
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("PushService/push_service.py").path
    static let python = ProcessInfo.processInfo.environment["PM_TEST_PYTHON"]
    static let canRun = python != nil || ProcessInfo.processInfo.environment["CI"] != nil

    struct Missing: Error, CustomStringConvertible {
        var description: String { "PM_TEST_PYTHON is unset in CI: the Web Push tests must not be skipped" }
    }

    struct NotStarted: Error, CustomStringConvertible {
        var description: String { "the push service stand-in did not start" }
    }

    let process = Process()
    let port: Int

    /// Starts it; tokens are checked against `now` (the servers' pinned time).
    init(now: Date) throws {
        guard let python = Self.python else { throw Missing() }
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [Self.script, "--now", String(Int(now.timeIntervalSince1970))]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            throw NotStarted()
        }
        self.port = port
    }

    deinit {
        // SIGKILL, as ServerProcess stops servers: a child of the test runner may not take SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A new subscription whose messages are answered with `answers` in turn.
    func subscribe(answers: [Int]) throws -> Subscription {
        let answer = try LoopbackRequest(
            "POST", "/subscriptions", headers: [("Content-Type", "application/json")],
            body: #"{"answers":\#(answers)}"#
        ).send(port: port)
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any] ?? [:]
        let id = object["id"] as? String ?? ""
        let endpoint = object["endpoint"] as? String ?? ""
        let keys = object["keys"] as? [String: String] ?? [:]
        let json = """
            {"endpoint":"\(endpoint)","expirationTime":null,"keys":{"p256dh":"\(keys["p256dh"] ?? "")","auth":"\(keys["auth"] ?? "")"}}
            """
        return Subscription(id: id, json: json, endpoint: endpoint)
    }

    /// Every message received so far, in order.
    func received() throws -> [Received] {
        let answer = try LoopbackRequest("GET", "/received").send(port: port)
        return try JSONDecoder().decode([Received].self, from: Data(answer.body.utf8))
    }
}
