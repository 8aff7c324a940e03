import Foundation

extension PMResult {
    /// `pm history --json` without what depends on the device that printed it (`by`,
    /// `byThisDevice`), keys sorted: what every device holding the same operations prints the same.
    func sharedHistory() throws -> String {
        let entries = try objects().map { $0.filter { $0.key != "by" && $0.key != "byThisDevice" } }
        return String(
            decoding: try JSONSerialization.data(withJSONObject: entries, options: [.sortedKeys]), as: UTF8.self)
    }

    /// `pm history --json`'s `by` of every entry, newest first.
    func historyBy() throws -> [String?] {
        try objects().map { $0["by"] as? String }
    }

    /// `pm history --json`'s `byThisDevice` of every entry, newest first.
    func historyByThisDevice() throws -> [Bool?] {
        try objects().map { $0["byThisDevice"] as? Bool }
    }
}
