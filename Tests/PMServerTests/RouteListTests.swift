import Hummingbird
import HummingbirdTesting
import PMServer
import PMTestSupport
import Testing

@Suite struct RouteListTests {
    @Test func givenRoutesRegisteredThroughTheListThenItKnowsEveryPathWithItsMethods() {
        // Given routes added directly, in a group and as a collection
        let routes = RouteList(router: Router())
        routes.get("/health") { _, _ in "ok" }
        routes.group("/v1/boards/:board").get("operations") { _, _ in "pull" }.post("operations") { _, _ in "push" }
        let collection = RouteCollection(context: BasicRequestContext.self)
        collection.get("projects") { _, _ in "cards" }
        routes.addRoutes(collection, atPath: "/v1/boards/:board")
        // Then the list holds each path once, with its methods in the order registered
        #expect(
            routes.served.map(\.path.description) == [
                "/health", "/v1/boards/{board}/operations", "/v1/boards/{board}/projects",
            ])
        #expect(routes.served.map(\.methods) == [[.get], [.get, .post], [.get]])
    }

    @Test func givenNoOpenAPIDocumentWhenItsPathIsAskedForWithAnotherMethodThenItIsUnknownNot405() async throws {
        // Given a server that does not serve /openapi.yaml, so its route list lacks it
        let fixture = try await ServerFixture.make()
        let application = Application(
            router: buildRouter(repository: fixture.repository, clockSkew: .acceptingEveryWallTime))
        try await application.test(.router) { client in
            // Then the path is unknown to every method, while /health still answers 405
            try await client.execute(uri: "/openapi.yaml", method: .delete) {
                try expectError($0, .notFound, code: "notFound")
            }
            try await client.execute(uri: "/health", method: .delete) { response in
                try expectError(response, .methodNotAllowed, code: "methodNotAllowed")
                #expect(response.headers[.allow] == "GET")
            }
        }
    }
}
