/// An answer of the fake, in GitLab's shapes.
///
/// An `Error` too, so a handler step can fail with the answer to send (`Result<T, FakeResponse>`).
struct FakeResponse: Error, Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer.
    static func json(_ value: FakeJSON, status: Int = 200, headers: [(String, String)] = []) -> FakeResponse {
        FakeResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: value.bytes())
    }

    /// `{"message": "…"}`, the shape of most of GitLab's errors.
    static func message(_ status: Int, _ message: String) -> FakeResponse {
        json(.object([("message", .string(message))]), status: status)
    }

    /// `{"error": "…"}` (and `error_description` when given), the shape of routing and OAuth errors.
    static func error(
        _ status: Int,
        _ error: String,
        description: String? = nil,
        extra: [(String, FakeJSON)] = []
    ) -> FakeResponse {
        var fields: [(String, FakeJSON)] = [("error", .string(error))]
        if let description { fields.append(("error_description", .string(description))) }
        return json(.object(fields + extra), status: status)
    }

    /// A plain-text answer.
    static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> FakeResponse {
        FakeResponse(status: status, headers: [("Content-Type", "text/plain")] + headers, body: Array(text.utf8))
    }

    /// An unknown route.
    static let routeNotFound = error(404, "404 Not Found")
    /// A missing or invisible project (GitLab does not tell them apart).
    static let projectNotFound = message(404, "404 Project Not Found")
    /// A missing or invisible group.
    static let groupNotFound = message(404, "404 Group Not Found")
    /// No usable credentials.
    static let unauthorized = message(401, "401 Unauthorized")
}

/// What the server does with a request: answer it, or drop the connection.
enum FakeAnswer: Sendable {
    case response(FakeResponse)
    /// Send the head and the first half of the body, await `resume`, then send the rest.
    case stalled(FakeResponse, resume: @Sendable () async -> Void)
    case drop
}
