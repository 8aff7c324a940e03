import Foundation

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5), as Web Push writes keys:
/// `PushSubscription.toJSON()` in the browser, the VAPID `k=` parameter on the server.
public enum Base64URL {
    /// `bytes` in base64url, unpadded.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The bytes `text` encodes, padded or not; `nil` when it is not base64url (the standard
    /// alphabet's `+` and `/` are refused, so one key has one spelling).
    public static func decode(_ text: String) -> [UInt8]? {
        guard !text.contains(where: { $0 == "+" || $0 == "/" }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        if standard.hasSuffix("=") {
            guard standard.count % 4 == 0 else { return nil }
        } else {
            standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        }
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }
}
