import Foundation
import PMDomain
import Testing

@Suite struct UUIDTextTests {
    @Test func givenAnIdInEitherCase_whenRead_thenItIsTheUUIDFoundationReads() {
        for text in ["6f9619ff-8b86-4011-b42d-00c04fc964ff", "6F9619FF-8B86-4011-B42D-00C04FC964FF"] {
            #expect(UUID(text: text) == UUID(uuidString: text))
            #expect(UUID(text: text)?.lowercased == "6f9619ff-8b86-4011-b42d-00c04fc964ff")
        }
    }

    @Test func givenRandomIds_whenWrittenAndRead_thenTheSameIdComesBack() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let id = UUID(uuid: (UInt128.random(in: .min ... .max, using: &generator)).uuidBytes)
            #expect(UUID(text: id.lowercased) == id)
            #expect(UUID(text: id.uuidString) == id)
        }
    }

    @Test func givenTextThatIsNotAnId_whenRead_thenNothing() {
        for text in [
            "", "6f9619ff-8b86-4011-b42d-00c04fc964f", "6f9619ff-8b86-4011-b42d-00c04fc964fff",
            "6f9619ff+8b86-4011-b42d-00c04fc964ff", "6f9619fg-8b86-4011-b42d-00c04fc964ff",
            "한글한글-8b86-4011-b42d-00c04fc9",
        ] {
            #expect(UUID(text: text) == nil, "\(text)")
        }
    }
}

extension UInt128 {
    fileprivate var uuidBytes: uuid_t {
        withUnsafeBytes(of: self) { bytes in
            (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        }
    }
}
