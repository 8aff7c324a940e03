import Foundation
import Hummingbird

/// JSON bodies written the same way for every route.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Our wire types always encode; an empty object is the safe answer if one ever did not.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return make(json: data, status: status)
    }

    /// A response whose body is `json`, already written (by ``JSONWriter``).
    static func make(json: some Sequence<UInt8>, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
    }
}
