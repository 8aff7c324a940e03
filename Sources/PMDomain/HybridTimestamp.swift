public import Foundation

/// A hybrid logical clock reading: wall time, a counter for events within one millisecond or
/// behind a clock that went backwards, and the device that made it, which breaks the last tie.
///
/// Ordering is total, so the last writer of a field is the same on every replica.
public struct HybridTimestamp: Hashable, Sendable {
    /// Milliseconds since 1970 on the writing device's clock (or later, if it had seen later).
    public var wallTime: Int64
    /// Orders events that share a wall time.
    public var counter: UInt32
    /// The device that made the change.
    public var device: UUID

    /// A reading from its parts.
    public init(wallTime: Int64, counter: UInt32, device: UUID) {
        self.wallTime = wallTime
        self.counter = counter
        self.device = device
    }

    /// Wall times from here on would not fit the fixed-width text form.
    public static let wallTimeLimit: Int64 = 1_000_000_000_000_000_000

    /// The wall time as a date.
    public var date: Date { Date(timeIntervalSince1970: Double(wallTime) / 1000) }
}

extension HybridTimestamp: Comparable {
    public static func < (lhs: HybridTimestamp, rhs: HybridTimestamp) -> Bool {
        if lhs.wallTime != rhs.wallTime { return lhs.wallTime < rhs.wallTime }
        if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
        return withUnsafeBytes(of: lhs.device.uuid) { left in
            withUnsafeBytes(of: rhs.device.uuid) { right in
                left.lexicographicallyPrecedes(right)
            }
        }
    }
}

extension HybridTimestamp: LosslessStringConvertible {
    /// A fixed-width text form whose byte order is the clock order, so a database index on it
    /// sorts operations the way merging does: `000001763712000000-0000000000-<device>`.
    public var description: String {
        let device = self.device.lowercased
        return String(unsafeUninitializedCapacity: 30 + device.utf8.count) { text in
            func digits(_ value: UInt64, width: Int, at start: Int) {
                var rest = value
                for position in stride(from: start + width - 1, through: start, by: -1) {
                    text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            digits(UInt64(max(0, wallTime)), width: 18, at: 0)
            text[18] = UInt8(ascii: "-")
            digits(UInt64(counter), width: 10, at: 19)
            text[29] = UInt8(ascii: "-")
            var index = 30
            for byte in device.utf8 {
                text[index] = byte
                index += 1
            }
            return index
        }
    }

    /// Reads the text form back; anything but that exact form gives `nil`.
    public init?(_ description: String) {
        // Read straight from the bytes: a pull or an import reads two or three of these per card.
        var text = description
        guard
            let stamp = text.withUTF8({ utf8 -> HybridTimestamp? in
                guard utf8.count == 66, utf8[18] == UInt8(ascii: "-"), utf8[29] == UInt8(ascii: "-") else { return nil }
                var wall: Int64 = 0
                for byte in utf8[0..<18] {
                    guard (48...57).contains(byte) else { return nil }
                    wall = wall * 10 + Int64(byte - 48)
                }
                var counter: UInt64 = 0
                for byte in utf8[19..<29] {
                    guard (48...57).contains(byte) else { return nil }
                    counter = counter * 10 + UInt64(byte - 48)
                }
                guard let counter = UInt32(exactly: counter),
                    let device = UUID(text: UnsafeBufferPointer(rebasing: utf8[30...]))
                else { return nil }
                return HybridTimestamp(wallTime: wall, counter: counter, device: device)
            })
        else { return nil }
        self = stamp
    }
}
