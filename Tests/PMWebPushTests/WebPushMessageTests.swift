import Crypto
import Foundation
import PMServer
import PMSyncProtocol
import PMWebPush
import Testing

@Suite struct WebPushMessageTests {
    /// RFC 8291, Appendix A: the example's keys, secret and salt give the example's bytes.
    @Test func theRFC8291ExampleIsReproducedByteForByte() throws {
        // Given the example's browser keys and the server's ephemeral key and salt
        let serverKey = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: Base64URL.decode("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")!)
        let subscription = PushSubscription(
            endpoint: "https://push.example.net/push/JzLQ3raZJfFBR0aqvOMsLrt54w4rJUsV",
            p256dh: Base64URL.decode(
                "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")!,
            auth: Base64URL.decode("BTBZMqHH6r4Tts7J_aSIgg")!, board: "team", user: "ada")

        // When the example's plaintext is encrypted
        let message = try WebPushMessage(
            Array("When I grow up, I want to be a watermelon".utf8), for: subscription, ephemeralKey: serverKey,
            salt: Base64URL.decode("DGv6ra1nlYgDCS1FRnbzlw")!)

        // Then the body is the example's
        #expect(
            Base64URL.encode(message.body)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        )
    }

    @Test func aMessageLargerThanOneRecordIsRefused() throws {
        let subscription = PushSubscription(
            endpoint: "https://push.example.net/x",
            p256dh: [UInt8](P256.KeyAgreement.PrivateKey().publicKey.x963Representation),
            auth: [UInt8](repeating: 1, count: 16), board: "team", user: "ada")
        #expect(throws: WebPushMessage.Refusal.self) {
            try WebPushMessage([UInt8](repeating: 65, count: WebPushMessage.plaintextLimit + 1), for: subscription)
        }
        #expect(throws: Never.self) {
            try WebPushMessage([UInt8](repeating: 65, count: WebPushMessage.plaintextLimit), for: subscription)
        }
    }
}
