import Foundation
import Testing

/// The three-node cluster `bash scripts/test` starts (scripts/lib/postgres-cluster.sh), worked
/// on through that script's functions: a fresh database, a failover, a count.
struct ClusterUnderTest {
    static let environment = ProcessInfo.processInfo.environment

    /// Whether the tests can run here: with a cluster, or in CI, where its absence must fail
    /// them rather than skip them.
    static let isAvailable = environment["PM_TEST_POSTGRES_CLUSTER_URL"] != nil || environment["CI"] != nil

    static let skipMessage: Comment =
        "PM_TEST_POSTGRES_CLUSTER_URL is unset: run `bash scripts/test`, which starts a pg_auto_failover cluster"

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "PM_TEST_POSTGRES_CLUSTER_URL and PM_TEST_POSTGRES_CLUSTER_DIR must be set in CI: the failover tests must not be skipped"
        }
    }

    struct ScriptFailed: Error, CustomStringConvertible {
        var description: String
    }

    let url: String
    let folder: String
    static let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/lib/postgres-cluster.sh").path

    init() throws {
        guard let url = Self.environment["PM_TEST_POSTGRES_CLUSTER_URL"],
            let folder = Self.environment["PM_TEST_POSTGRES_CLUSTER_DIR"]
        else { throw Missing() }
        self.url = url
        self.folder = folder
    }

    /// The URL of a new, empty database on the cluster (its name in place of `pm`).
    func freshDatabase() throws -> String {
        let name = "pm_failover_\(UInt64.random(in: 0 ... .max))"
        _ = try run(#"postgres_cluster_sql "$(postgres_cluster_primary)" "CREATE DATABASE \#(name)""#)
        return url.replacingOccurrences(of: "/pm?", with: "/\(name)?")
    }

    /// Kills the primary's machine and waits for the promotion: `OLD NEW SECONDS`.
    func failover() throws -> String {
        try run("postgres_cluster_failover")
    }

    /// How many operations the database of `url` holds on the primary.
    func operationCount(url: String) throws -> Int {
        let database = url.split(separator: "/").last?.split(separator: "?").first.map(String.init) ?? "pm"
        let count = try run(
            #"postgres_cluster_sql "$(postgres_cluster_primary)" "SELECT count(*) FROM operations" \#(database)"#)
        return Int(count.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Runs `command` in bash with the cluster's functions attached, returning its output.
    private func run(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c", "source \"$1\" && postgres_cluster_attach \"$2\" && \(command)", "bash", Self.library, folder,
        ]
        // A file, not a pipe: a node started again lives on after bash, and would hold a pipe
        // open (Foundation leaves its descriptors to the child's children).
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("pm-cluster-\(UUID()).out")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        process.standardOutput = output
        process.standardError = output
        try process.run()
        try? output.close()
        process.waitUntilExit()
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else { throw ScriptFailed(description: "`\(command)` failed: \(text)") }
        return text
    }
}
