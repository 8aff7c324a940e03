import Foundation
import PMServer
import Testing

@Suite struct OpenAPIDocumentTests {
    @Test func servedDocumentIsTheFileInTheRepository() throws {
        // Given the document as the repository holds it
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PMServer/Resources/openapi.yaml")
        // When the server reads the one it serves
        let served = try OpenAPIDocument.text()
        // Then they are the same text
        #expect(served == (try String(contentsOf: file, encoding: .utf8)))
        #expect(served.hasPrefix("openapi: 3.1.0"))
    }
}
