import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `/metrics` on a real `pm-server`: what operators and the load tests read.
@Suite(.serialized) struct MetricsEndToEndTests {
    func get(_ url: String, token: String? = nil, method: String = "GET") async throws -> (Int, String) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if method == "POST" {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"operations":[]}"#.utf8)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// The value of the sample whose line starts with `name{` and holds every one of `labels`.
    func sample(_ text: String, _ name: String, _ labels: [String] = []) -> Double? {
        text.split(separator: "\n").first { line in
            (line.hasPrefix(name + "{") || line.hasPrefix(name + " ")) && labels.allSatisfy { line.contains($0) }
        }.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
    }

    @Test(.timeLimit(.minutes(2)))
    func givenPushesAndARefusalThenMetricsCountThemByRouteAndCode() async throws {
        // Given a server, a device that pushes two cards, and a push with a wrong token
        let server = try SyncServer()
        try await server.start()
        defer { server.stop() }
        let device = try PMRunner()
        try device.succeed(["remote", "set", server.url, "--board", SyncServer.board, "--token", server.adaToken])
        _ = try device.add("하나")
        _ = try device.add("둘")
        try device.succeed(["sync"])
        let refused = try await get(server.url + "/v1/boards/team/operations", token: "pm_wrong", method: "POST")
        #expect(refused.0 == 401)

        // When /metrics is read
        let (status, text) = try await get(server.url + "/metrics")

        // Then it counts the operations acknowledged, the refusal by code, and requests by route
        #expect(status == 200)
        #expect(sample(text, "pm_operations_acknowledged_total") == 2, "\(text)")
        #expect(
            sample(
                text, "pm_requests_refused_total", [#"code="unauthorized""#, #"route="/v1/boards/{board}/operations""#])
                == 1)
        #expect(
            (sample(
                text, "hb_requests",
                [#"http_route="/v1/boards/{board}/operations""#, #"http_request_method="POST""#, #"="200""#]) ?? 0)
                >= 1, "\(text)")
        #expect(text.contains("http_server_request_duration"))
    }
}
