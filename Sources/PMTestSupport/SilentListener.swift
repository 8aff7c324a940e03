#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A local TCP port that takes connections (the kernel completes them into the backlog) but
/// never reads or answers: a server that hangs.
public struct SilentListener {
    public let port: Int
    private let socketDescriptor: Int32

    public struct Failure: Error { public let call: String }

    public init() throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(call: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                guard bind(descriptor, generic, length) == 0, listen(descriptor, 16) == 0 else { return false }
                return getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            Self.closeDescriptor(descriptor)
            throw Failure(call: "bind/listen")
        }
        socketDescriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    public func close() {
        Self.closeDescriptor(socketDescriptor)
    }

    private static func closeDescriptor(_ descriptor: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(descriptor)
        #else
        _ = Darwin.close(descriptor)
        #endif
    }
}
