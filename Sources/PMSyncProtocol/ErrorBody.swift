/// Every error the server answers: `{"error":{"code","message"}}`.
public struct ErrorBody: Codable, Hashable, Sendable {
    /// What went wrong.
    public struct Detail: Codable, Hashable, Sendable {
        /// A stable, machine-readable name, such as `unauthorized` or `titleLength`.
        public var code: String
        /// A sentence for people.
        public var message: String

        /// A detail from its parts.
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// The error.
    public var error: Detail

    /// An error body with `code` and `message`.
    public init(code: String, message: String) {
        self.error = Detail(code: code, message: message)
    }
}
