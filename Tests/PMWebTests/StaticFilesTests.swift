import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMTestSupport
import Testing

@Suite struct StaticFilesTests {
    @Test func givenAModuleWhenItIsAskedForThenItIsServedAsJavaScriptWithNoCacheAndAnETag() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/static/js/app.js", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.text == "export const app = 1;\n")
            let etag = try #require(response.headers[.eTag])
            // Then asking again with the tag gets a 304 and no body
            let again = try await client.execute(uri: "/static/js/app.js", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            let css = try await client.execute(uri: "/static/css/board.css", method: .get)
            #expect(css.headers[.contentType] == "text/css; charset=utf-8")
        }
    }

    @Test func givenTheServiceWorkerWhenAskedAtTheRootThenItIsServedThereForAWholeSiteScope() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/sw.js", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(response.text.contains("addEventListener"))
        }
    }

    @Test(arguments: [
        "/static/../outside.txt", "/static/js/../../outside.txt", "/static/%2e%2e/outside.txt",
        "/static/js/..%2f..%2foutside.txt", "/static/.hidden", "/static/js", "/static/", "/static/nothing.js",
    ])
    func givenAPathOutsideTheFilesOrHiddenWhenAskedThenNotFound(_ path: String) async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .notFound)
            #expect(!response.text.contains("outside"))
            #expect(!response.text.contains("secret"))
        }
    }
}
