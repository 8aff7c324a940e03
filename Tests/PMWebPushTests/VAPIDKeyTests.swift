import Crypto
import Foundation
import PMServer
import PMWebPush
import Testing

@Suite struct VAPIDKeyTests {
    @Test func theTokenIsSignedForTheEndpointsOriginAndExpiresWithinADay() async throws {
        // Given a key and a time
        let signing = P256.Signing.PrivateKey()
        let key = try VAPIDKey(rawRepresentation: [UInt8](signing.rawRepresentation), subject: "mailto:ops@example.org")
        let now = Date(timeIntervalSince1970: 1_765_704_000)

        // When the header for an endpoint with a port and a path is made
        let header = try await key.authorization(endpoint: "https://push.example.net:8443/send/abc?x=1", now: now)

        // Then it names the public key and carries a token whose claims and signature hold
        let parts = header.dropFirst("vapid ".count).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(header.hasPrefix("vapid t="))
        #expect(parts.last == "k=" + Base64URL.encode(signing.publicKey.x963Representation))
        let token = String(parts[0].dropFirst("t=".count))
        let segments = token.split(separator: ".").map(String.init)
        #expect(segments.count == 3)
        let head = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(segments[0])!)) as? [String: Any]
        #expect(head?["alg"] as? String == "ES256")
        let claims = try JSONSerialization.jsonObject(with: Data(Base64URL.decode(segments[1])!)) as? [String: Any]
        #expect(claims?["aud"] as? String == "https://push.example.net:8443")
        #expect(claims?["sub"] as? String == "mailto:ops@example.org")
        let expiry = (claims?["exp"] as? NSNumber)?.doubleValue ?? 0
        #expect(expiry > now.timeIntervalSince1970 && expiry <= now.timeIntervalSince1970 + 86_400)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(segments[2])!)
        #expect(signing.publicKey.isValidSignature(signature, for: Data((segments[0] + "." + segments[1]).utf8)))
    }
}
