import Foundation
import PMTestSupport

extension TemporaryFolder {
    /// A folder for one test's database files.
    convenience init() throws { try self.init(prefix: "pm-store-tests") }

    /// The bytes of every file whose name starts with `name` (the database and its -wal, -shm).
    func snapshot(_ name: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for entry in try FileManager.default.contentsOfDirectory(atPath: path) where entry.hasPrefix(name) {
            result[entry] = try Data(contentsOf: URL(fileURLWithPath: file(entry)))
        }
        return result
    }
}
