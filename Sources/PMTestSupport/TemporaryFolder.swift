import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when
/// the last reference goes: a test that keeps one as a property (a suite's, a fixture's) leaves
/// nothing behind whether it passes, fails or throws, since Swift Testing releases the suite's
/// instance after each test. A `defer` in the test body would not cover what the suite's `init`
/// made, and a struct has no `deinit` to do it.
public final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Makes the folder, named `prefix` and a unique suffix so that what a crashed run left can
    /// be told apart by name.
    public init(prefix: String) throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent(prefix + "-" + ProcessInfo.processInfo.globallyUniqueString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
