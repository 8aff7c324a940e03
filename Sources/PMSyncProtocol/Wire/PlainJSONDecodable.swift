public import Foundation

/// A message with a byte-by-byte reader (``PlainJSONReader``) for the plain form our own
/// writers produce. A large page or snapshot is read many times faster that way; anything else
/// goes to `JSONDecoder`, which reads the same value or explains what is wrong.
public protocol PlainJSONDecodable: Decodable {
    /// The message in `data`, or `nil` when it is not in the plain form.
    static func readPlain(_ data: Data) -> Self?
}

extension PlainJSONDecodable {
    /// The message in `data`: read plainly when it can be, otherwise by `JSONDecoder`.
    public static func decode(_ data: Data) throws -> Self {
        if let message = readPlain(data) { return message }
        return try JSONDecoder().decode(Self.self, from: data)
    }
}
