import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PMTestSupport
import Testing

@testable import PMWeb

/// The board is installable: its manifest is served at the root with the manifest type, and the
/// shipped manifest names the icons an iPad and Chromium ask for, each there at its size.
@Suite struct WebAppManifestTests {
    @Test func givenTheManifestWhenAskedAtTheRootThenItIsServedAsAManifestWithNoSniffing() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/manifest+json")
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.text.contains("Project Manager"))
        }
    }

    @Test func givenEveryPageThenItLinksTheManifestAndTheHomeScreenIconUnderAPolicyThatAllowsThem() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.text.contains(#"<link rel="manifest" href="/manifest.webmanifest">"#))
            #expect(response.text.contains(#"<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png">"#))
            #expect(response.text.contains("viewport-fit=cover"))
            #expect(response.headers[.contentSecurityPolicy]?.contains("manifest-src 'self'") == true)
        }
    }

    @Test func givenTheShippedManifestThenItIsStandaloneWithIconsOf192And512PixelsOneMaskable() throws {
        let resources = try #require(WebResources.bundled())
        let file = try #require(resources.file(at: ["manifest.webmanifest"]))
        #expect(file.contentType == "application/manifest+json")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let manifest = try decoder.decode(Manifest.self, from: file.bytes)
        #expect(manifest.name == "Project Manager")
        #expect(manifest.shortName.count <= 12)
        #expect(manifest.startUrl == "/")
        #expect(manifest.scope == "/")
        #expect(manifest.display == "standalone")
        #expect(manifest.themeColor.hasPrefix("#") && manifest.backgroundColor.hasPrefix("#"))
        #expect(Set(manifest.icons.map(\.sizes)) == ["192x192", "512x512"])
        #expect(manifest.icons.contains { $0.purpose == "maskable" })
        for icon in manifest.icons {
            let size = try #require(Int(icon.sizes.prefix { $0 != "x" }))
            #expect(try pngSize(resources, icon.src) == (size, size), "\(icon.src)")
        }
    }

    @Test func givenTheHomeScreenIconThenItIs180PixelsAndOpaque() throws {
        let resources = try #require(WebResources.bundled())
        #expect(try pngSize(resources, "/static/icons/apple-touch-icon.png") == (180, 180))
        let file = try #require(resources.file(at: ["icons", "apple-touch-icon.png"]))
        // PNG colour type 2 is RGB with no alpha channel: an iPad would draw transparency black.
        #expect(file.bytes[25] == 2)
    }

    /// The width and height in a PNG's header, for the file at `/static/…` path `src`.
    private func pngSize(_ resources: WebResources, _ src: String) throws -> (Int, Int) {
        let path = try #require(src.hasPrefix("/static/") ? src.dropFirst("/static/".count) : nil)
        let file = try #require(resources.file(at: path.split(separator: "/")))
        let bytes = [UInt8](file.bytes)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    private struct Manifest: Decodable {
        struct Icon: Decodable {
            var src: String
            var sizes: String
            var type: String
            var purpose: String
        }
        var name: String
        var shortName: String
        var startUrl: String
        var scope: String
        var display: String
        var themeColor: String
        var backgroundColor: String
        var icons: [Icon]
    }
}
