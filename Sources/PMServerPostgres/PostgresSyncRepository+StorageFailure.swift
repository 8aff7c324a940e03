public import PMServer
import PostgresNIO

extension PostgresSyncRepository: StorageFailureDescribing {
    /// PostgreSQL out of disk or other resources (SQLSTATE class 53), in read-only mode
    /// (25006, as a demoted primary is), shutting down or starting up (57P01–57P03), or not reachable at all: each
    /// passes, so a device is told to send again later rather than that the server broke.
    public func storageUnavailableReason(_ error: any Error) -> String? {
        if error is PostgresPrimaryUnavailable { return "PostgreSQL is changing primary" }
        guard let error = error as? PSQLError else { return nil }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            if state.hasPrefix("53") { return "PostgreSQL is out of disk space or memory (\(state))" }
            if state == "25006" { return "PostgreSQL is read-only" }
            if ["57P01", "57P02", "57P03"].contains(state) { return "PostgreSQL is restarting" }
            return nil
        case .connectionError, .serverClosedConnection, .uncleanShutdown, .poolClosed:
            return "PostgreSQL cannot be reached"
        default:
            return nil
        }
    }
}
