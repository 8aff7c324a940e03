import Foundation
import Testing

/// The shared test vectors of the web board: the Swift domain writes, into `Tests/Vectors/`,
/// operations in and cards, order and history out, and rule inputs with their exact outcomes;
/// `node --test Tests/web/` checks that the JavaScript reproduces every one.
///
/// Only PMDomain is used (with a seeded generator of its own), so the vectors build cheaply.
@Suite struct WebVectorsTests {
    @Test(arguments: ["clock", "rules", "merge"])
    func committedVectorsMatchWhatTheSwiftDomainProduces(name: String) throws {
        // Given the vectors the Swift domain produces now
        let produced = try WebVectors.encoded(name)
        let file = WebVectors.folder.appendingPathComponent("\(name).json")
        // Regenerating is a deliberate act: a Swift change that alters behaviour must show up here.
        if ProcessInfo.processInfo.environment["PM_WRITE_VECTORS"] == "1" {
            try FileManager.default.createDirectory(at: WebVectors.folder, withIntermediateDirectories: true)
            try produced.write(to: file)
        }
        // When the committed file is read
        let committed = try? Data(contentsOf: file)
        // Then it is byte for byte the same
        #expect(
            committed == produced,
            "Tests/Vectors/\(name).json differs from what the Swift domain produces; if the change is meant, rerun with PM_WRITE_VECTORS=1 and commit it (the JavaScript must follow)"
        )
    }
}
