import Foundation
import PMTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A calendar app and a `pm` device editing one card, with real processes: a `pm-server`, a
/// `pm` device synced to it, and a CalDAV client over HTTP. The app's write from before the
/// device's edit is refused, and nothing the device wrote is lost.
@Suite(.serialized) struct StaleWriteEndToEndTests {
    /// A `pm` device with its own database, syncing with board `team` of `server`.
    struct Device {
        let server: CalDAVServer
        let folder: URL

        static let binary = ServerProcess.builtBinary.deletingLastPathComponent().appendingPathComponent("pm")

        /// Runs `pm` with `arguments` on the device's database; a failure stops the test.
        @discardableResult func pm(_ arguments: [String]) throws -> String {
            let result = try CalDAVServer.run(
                Self.binary.path, arguments + ["--database", folder.appendingPathComponent("pm.sqlite").path],
                environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "PM_TOKEN": server.token])
            try #require(result.status == 0, "pm \(arguments.joined(separator: " ")): \(result.error)")
            return result.output
        }

        /// The device's card `id`, as `pm list --json` shows it.
        func card(id: String) throws -> [String: Any]? {
            let list =
                try JSONSerialization.jsonObject(with: Data(try pm(["list", "--json"]).utf8)) as? [[String: Any]]
            return list?.first { $0["id"] as? String == id }
        }
    }

    /// A CalDAV request signed in as `ada` with her token as app password.
    static func send(
        _ server: CalDAVServer, _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil
    ) async throws -> (status: Int, headers: [AnyHashable: Any], body: String) {
        var request = URLRequest(url: URL(string: server.url + path)!)
        request.httpMethod = method
        request.setValue(
            "Basic " + Data("ada:\(server.token)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.allHeaderFields, String(decoding: data, as: UTF8.self))
    }

    static func etag(_ headers: [AnyHashable: Any]) -> String? {
        headers.first { ($0.key as? String)?.lowercased() == "etag" }?.value as? String
    }

    /// The text with its `SUMMARY` line replaced by `title`.
    static func retitled(_ text: String, _ title: String) -> String {
        text.components(separatedBy: "\r\n").map { $0.hasPrefix("SUMMARY:") ? "SUMMARY:\(title)" : $0 }
            .joined(separator: "\r\n")
    }

    @Test func aCalDAVPutWithTheETagFromBeforeAPmEditIsRefusedWith412AndThePmEditStaysOnServerAndDevice()
        async throws
    {
        // Given a card added on a pm device and synced, which a calendar app has read (ETag E1)
        let server = try await CalDAVServer.start()
        defer { server.stop() }
        let device = Device(server: server, folder: server.folder.appendingPathComponent("device"))
        try FileManager.default.createDirectory(at: device.folder, withIntermediateDirectories: true)
        try device.pm(["remote", "set", server.url, "--board", "team"])
        let added =
            try JSONSerialization.jsonObject(
                with: Data(try device.pm(["add", "Write spec", "--deadline", "+7d", "--json"]).utf8)) as? [String: Any]
        let id = try #require(added?["id"] as? String)
        try device.pm(["sync"])
        let path = "/dav/calendars/ada/team/\(id.lowercased()).ics"
        let read = try await Self.send(server, "GET", path)
        try #require(read.status == 200, "GET: \(read.body)\n\(server.log)")
        let first = try #require(Self.etag(read.headers))

        // When the device retitles it and syncs, and the app then writes its own title over E1
        try device.pm(["edit", id, "--title", "Write the spec"])
        try device.pm(["sync"])
        let stale = try await Self.send(
            server, "PUT", path, headers: ["If-Match": first, "Content-Type": "text/calendar"],
            body: Self.retitled(read.body, "From the calendar"))

        // Then the write is refused, and the server and the device (after a sync) hold the pm edit
        #expect(stale.status == 412, "stale PUT: \(stale.body)")
        #expect(try await server.cards().map { $0["title"] as? String } == ["Write the spec"])
        try device.pm(["sync"])
        #expect(try device.card(id: id)?["title"] as? String == "Write the spec")

        // And a write over the fresh ETag (which changed with the pm edit) goes through to the device
        let fresh = try await Self.send(server, "GET", path)
        let second = try #require(Self.etag(fresh.headers))
        #expect(second != first)
        #expect(fresh.body.contains("SUMMARY:Write the spec"))
        let write = try await Self.send(
            server, "PUT", path, headers: ["If-Match": second, "Content-Type": "text/calendar"],
            body: Self.retitled(fresh.body, "From the calendar"))
        #expect(write.status == 204, "fresh PUT: \(write.body)")
        try device.pm(["sync"])
        #expect(try device.card(id: id)?["title"] as? String == "From the calendar")
        #expect(try await server.cards().map { $0["title"] as? String } == ["From the calendar"])
    }
}
