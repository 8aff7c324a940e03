import Foundation

/// The API described in OpenAPI 3.1, served at `/openapi.yaml`: the file
/// `Sources/PMServer/Resources/openapi.yaml`, a resource of this module, so what is served is
/// what the repository holds.
public enum OpenAPIDocument {
    /// The document's text, read from the module's resources.
    public static func text() throws -> String {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "openapi.yaml"])
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
