import Crypto
import Foundation

extension UUID {
    /// A name-based UUID (version 5 layout) of the SHA-256 of `namespace`, a NUL and `name`: the
    /// same name always gives the same id, on every server process and after a restart, and
    /// names in different namespaces never share one.
    init(named name: String, in namespace: String) {
        var bytes = Array(SHA256.hash(data: Array("\(namespace)\u{0}\(name)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        self.init(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
