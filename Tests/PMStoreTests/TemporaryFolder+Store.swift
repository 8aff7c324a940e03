import Foundation

/// A fresh folder under the system's temporary directory, for one test's database files.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "pm-store-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// The bytes of every file whose name starts with `name` (the database and its -wal, -shm).
    func snapshot(_ name: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for entry in try FileManager.default.contentsOfDirectory(atPath: path) where entry.hasPrefix(name) {
            result[entry] = try Data(contentsOf: URL(fileURLWithPath: file(entry)))
        }
        return result
    }
}
