public import Foundation

extension UUID {
    /// A readable test id whose last digits are `value`: `00000000-0000-4000-8000-000000000007`.
    public static func counted(_ value: UInt64) -> UUID {
        counted(value, after: "00000000-0000-4000-8000-")
    }

    /// A readable test id: `prefix` (the first 24 characters of a UUID, dashes included), then
    /// `value` in 12 hex digits.
    public static func counted(_ value: UInt64, after prefix: String) -> UUID {
        let hex = String(value, radix: 16)
        let tail = String(repeating: "0", count: 12 - min(12, hex.count)) + hex.suffix(12)
        return UUID(uuidString: prefix + tail)!
    }
}
