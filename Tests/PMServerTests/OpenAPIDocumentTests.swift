import Foundation
import PMServer
import Testing

@Suite struct OpenAPIDocumentTests {
    @Test func servedDocumentIsTheOneInDocs() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        #expect(OpenAPIDocument.yaml == (try String(contentsOf: docs, encoding: .utf8)))
    }
}
