import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve` could not listen where it was told: said with the port and the setting to change,
/// instead of the system call that failed.
struct ListenError: Error, CustomStringConvertible {
    let description: String

    /// The sentence for `error` from listening on `host`:`port`, or `nil` when it is not a failure to listen.
    init?(_ error: any Error, host: String, port: Int) {
        guard let failure = error as? IOError else { return nil }
        switch failure.errnoCode {
        case EADDRINUSE:
            description =
                "port \(port) on \(host) is already in use by another program (another pm-server?): "
                + "stop it, or choose another port with --port or PM_SERVER_PORT"
        case EACCES, EPERM:
            description =
                "pm-server may not listen on port \(port): ports below 1024 need privileges; choose one "
                + "from 1024 up with --port and put a reverse proxy in front for 80 and 443"
        case EADDRNOTAVAIL:
            description =
                "\(host) is not an address of this machine: choose one it has with --host "
                + "(127.0.0.1 for this machine only, 0.0.0.0 for every address)"
        default:
            return nil
        }
    }
}
