import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import PMWeb

/// The board's modules served as one script: each module in a function of its own, after the
/// modules it imports, its imports read from theirs.
@Suite struct CombinedModulesTests {
    private static func combine(_ files: [String: String]) throws(CombinedModules.Problem) -> String {
        try CombinedModules { files[$0] }.script()
    }

    @Test func givenModulesThatImportEachOther_whenCombined_thenDependenciesComeFirstAndImportsReadTheirExports()
        throws
    {
        let script = try Self.combine([
            "app.js": """
            import { twice, ZERO as nothing } from "./math.js";
            import {
              shout,
            } from "./words.js";
            console.log(shout(twice(2) + nothing));
            """,
            "math.js": """
            import { shout } from "./words.js";
            export const ZERO = 0;
            export function twice(n) {
              return n * 2;
            }
            """,
            "words.js": "export async function shout(text) {\n  return `${text}!`;\n}\nexport class Word {}\n",
        ])
        let words = try #require(script.range(of: "const $m_words = (() => {"))
        let math = try #require(script.range(of: "const $m_math = (() => {"))
        let app = try #require(script.range(of: "const $m_app = (() => {"))
        #expect(words.lowerBound < math.lowerBound && math.lowerBound < app.lowerBound)
        #expect(script.components(separatedBy: "const $m_words = ").count == 2)
        #expect(script.contains("const { twice, ZERO: nothing } = $m_math;\n"))
        #expect(script.contains("const { shout } = $m_words;\n"))
        #expect(script.contains("return { shout, Word };"))
        #expect(script.contains("return { ZERO, twice };"))
        #expect(script.contains("async function shout(text)"))
        #expect(!script.contains("import ") && !script.contains("export "))
    }

    @Test func givenAMissingModuleOrACycle_whenCombined_thenItIsRefusedByName() {
        #expect(throws: CombinedModules.Problem.missing("gone.js")) {
            try Self.combine(["app.js": "import { x } from \"./gone.js\";\n"])
        }
        #expect(throws: CombinedModules.Problem.cycle("a.js")) {
            try Self.combine([
                "app.js": "import { a } from \"./a.js\";\n",
                "a.js": "import { b } from \"./b.js\";\nexport const a = 1;\n",
                "b.js": "import { a } from \"./a.js\";\nexport const b = 2;\n",
            ])
        }
    }

    @Test func givenTheBoardsOwnModules_whenCombined_thenEveryModuleIsInOnceWithEveryExport() throws {
        let resources = try #require(WebResources.bundled())
        let folder = resources.root.appendingPathComponent("js")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }
        let script = try #require(resources.combinedModules()).bytes
        let text = String(decoding: script, as: UTF8.self)
        #expect(names.count >= 17)
        for name in names {
            #expect(text.components(separatedBy: "\nconst \(CombinedModules.variable(name)) = ").count == 2, "\(name)")
            // Every export is written in a form the combiner reads: none is left behind.
            let module = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let declared = module.split(separator: "\n").filter { $0.hasPrefix("export ") }.count
            #expect(ModuleText(module).exports.count == declared, "\(name)")
            let imported = module.split(separator: "\n").filter { $0.hasPrefix("import ") }.count
            #expect(ModuleText(module).imports.count == imported, "\(name)")
        }
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("import ") || $0.hasPrefix("export ") })
    }

    @Test func givenTheCombinedScript_whenAskedFor_thenItIsServedAsJavaScriptWithAnETag() async throws {
        let fixture = try await WebFixture.make()
        try await fixture.application().test(.router) { client in
            let response = try await client.execute(uri: "/static/js/board.combined.js", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(response.headers[.cacheControl] == "no-cache")
            #expect(response.text.contains("const $m_app = (() => {\nconst app = 1;\n"))
            #expect(response.text.contains("return { app };"))
            let etag = try #require(response.headers[.eTag])
            let again = try await client.execute(
                uri: "/static/js/board.combined.js", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
        }
    }
}
