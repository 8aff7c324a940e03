/// A repository that can tell, from an error its store threw, that the store cannot take
/// writes for now — a full disk, a read-only file or mount, an I/O error — rather than that the
/// request was wrong. Such a failure is answered 503 with `Retry-After`, so a device keeps its
/// changes and sends them again later, and nothing is acknowledged that was not stored.
public protocol StorageFailureDescribing: Sendable {
    /// Why the store cannot take writes, in an operator's words, when `error` says so; else `nil`.
    func storageUnavailableReason(_ error: any Error) -> String?
}
