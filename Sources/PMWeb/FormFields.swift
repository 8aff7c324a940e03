import Foundation
import Hummingbird
import NIOCore
import PMServer

/// The fields of a posted form (`application/x-www-form-urlencoded`), read leniently: the first
/// value of each name counts, names the page does not send are ignored, and what cannot be
/// decoded is left out, so any form a browser can send gets an answer about its content.
struct FormFields: Sendable {
    private var values: [String: String] = [:]

    /// The longest form read.
    static var limit: Int { 16 * 1024 }

    /// The fields of `text` (`a=1&b=two+words`).
    init(_ text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), values[name] == nil else { continue }
            values[name] = parts.count > 1 ? Self.decode(parts[1]) : ""
        }
    }

    /// The fields of `request`'s body, of at most ``limit`` bytes (413 `bodyTooLarge` beyond).
    static func read(_ request: Request) async throws -> FormFields {
        do {
            let body = try await request.body.collect(upTo: limit)
            return FormFields(String(decoding: body.readableBytesView, as: UTF8.self))
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
    }

    /// The refusal of a form over ``limit``.
    static var tooLarge: APIError {
        APIError(status: .contentTooLarge, code: "bodyTooLarge", message: "a form may be at most \(limit) bytes")
    }

    /// The value of the field `name`, if the form has it.
    subscript(_ name: String) -> String? { values[name] }

    /// A name or value with `+` as space and percent-escapes decoded, or `nil` if malformed.
    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
