public import Foundation
public import PMDomain
public import PMSyncProtocol

/// Writes the server's JSON byte by byte: the operations it stores, each card's merged state,
/// and the push and pull answers. `JSONEncoder` spends most of its time in its generic
/// containers; these shapes are fixed, so they are written directly. Strings are escaped as JSON
/// requires (`"`, `\` and the control characters); everything else, Korean or emoji included,
/// is copied as UTF-8.
public struct JSONWriter {
    /// The JSON written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON written so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// `text` as a JSON string.
    public mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    raw("u00")
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0x0F))
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An integer in decimal.
    public mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// A UUID as a lowercase JSON string, as ``PMDomain/ProjectOperation`` encodes ids.
    public mutating func uuid(_ id: UUID) {
        bytes.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: id.uuid) { raw in
            for offset in 0..<16 {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 { bytes.append(UInt8(ascii: "-")) }
                let byte = raw[offset]
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `{"wallTime":…,"counter":…,"device":"…"}`, as ``PMDomain/HybridTimestamp`` encodes itself.
    public mutating func timestamp(_ timestamp: HybridTimestamp) {
        raw(#"{"wallTime":"#)
        integer(timestamp.wallTime)
        raw(#","counter":"#)
        integer(Int64(timestamp.counter))
        raw(#","device":"#)
        uuid(timestamp.device)
        byte(UInt8(ascii: "}"))
    }

    /// An operation in the shape `JSONEncoder` gives it (keys in another order, which JSON
    /// does not care about): `{"id","projectId","timestamp","fields":{…}}`.
    public mutating func operation(_ operation: ProjectOperation) {
        raw(#"{"id":"#)
        uuid(operation.id)
        raw(#","projectId":"#)
        uuid(operation.projectID)
        raw(#","timestamp":"#)
        timestamp(operation.timestamp)
        raw(#","fields":{"#)
        let fields = operation.fields
        var first = true
        if let title = fields.title {
            key(#""title":"#, first: &first)
            string(title)
        }
        if let description = fields.description {
            key(#""description":"#, first: &first)
            string(description)
        }
        if let deadline = fields.deadline {
            key(#""deadline":"#, first: &first)
            string(deadline.description)
        }
        if let status = fields.status {
            key(#""status":"#, first: &first)
            string(status.rawValue)
        }
        if let deleted = fields.deleted {
            key(#""deleted":"#, first: &first)
            raw(deleted ? "true" : "false")
        }
        raw("}}")
    }

    /// A card's merged state in the shape ``MergedProject`` decodes: each field as
    /// `{"value":…,"timestamp":{…}}`, then `createdAt` and `updatedAt`; missing ones left out.
    public mutating func mergedProject(_ state: ProjectState) {
        byte(UInt8(ascii: "{"))
        var first = true
        register(#""title":"#, state.title, first: &first) { $1.string($0) }
        register(#""description":"#, state.description, first: &first) { $1.string($0) }
        register(#""deadline":"#, state.deadline, first: &first) { $1.string($0.description) }
        register(#""status":"#, state.status, first: &first) { $1.string($0.rawValue) }
        register(#""deleted":"#, state.deleted, first: &first) { $1.raw($0 ? "true" : "false") }
        if let createdAt = state.createdAt {
            key(#""createdAt":"#, first: &first)
            integer(createdAt)
        }
        if let updatedAt = state.updatedAt {
            key(#""updatedAt":"#, first: &first)
            integer(updatedAt)
        }
        byte(UInt8(ascii: "}"))
    }

    /// `"name":`, after a comma unless it is the object's first key.
    mutating func key(_ name: StaticString, first: inout Bool) {
        if !first { byte(UInt8(ascii: ",")) }
        first = false
        raw(name)
    }

    /// `"name":{"value":…,"timestamp":{…}}` when the register is set.
    mutating func register<Value>(
        _ name: StaticString, _ register: ProjectState.Register<Value>?, first: inout Bool,
        _ value: (Value, inout JSONWriter) -> Void
    ) {
        guard let register else { return }
        key(name, first: &first)
        raw(#"{"value":"#)
        value(register.value, &self)
        raw(#","timestamp":"#)
        timestamp(register.timestamp)
        byte(UInt8(ascii: "}"))
    }

    /// The push answer: `{"results":[{"id":"…","seq":N},…]}`.
    public static func pushResponse(_ results: [PushResponse.Result]) -> [UInt8] {
        var writer = JSONWriter(capacity: 16 + results.count * 56)
        writer.raw(#"{"results":["#)
        for (index, result) in results.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.raw(#"{"id":"#)
            writer.uuid(result.id)
            writer.raw(#","seq":"#)
            writer.integer(result.seq)
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw("]}")
        return writer.bytes
    }
}

extension ProjectOperation {
    /// The operation as the server stores it and serves it back in pulls: JSON, written by
    /// ``JSONWriter``.
    public var storedJSON: String {
        var writer = JSONWriter(capacity: 320)
        writer.operation(self)
        return writer.text
    }
}

extension MergedProject {
    /// `state` as a backend stores it: the JSON that ``MergedProject`` decodes.
    public static func json(_ state: ProjectState) -> String {
        var writer = JSONWriter(capacity: 640)
        writer.mergedProject(state)
        return writer.text
    }
}

/// The lowercase hex digit of `value` (0–15).
private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
}
