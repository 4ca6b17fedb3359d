import Foundation
/// Why the status page's API refused a request: a bad parameter (400), not allowed (403), nothing with that id (404)
/// or not in a state that allows it (409). The message is for people and may quote their input, so it is JSON- or
/// HTML-escaped wherever it is shown; it never quotes a credential.
enum StatusAPIError: Error, Sendable, Equatable {
    /// A parameter is malformed (HTTP 400).
    case badRequest(String)
    /// The admin token, the session or the CSRF token is missing or wrong (HTTP 403).
    case forbidden(String)
    /// The thing asked for does not exist, or no longer (HTTP 404).
    case notFound(String)
    /// The thing is not in a state that allows the action: a delivery to retry that is not dead (HTTP 409).
    case conflict(String)
    /// Too many wrong admin tokens: token checks pause for `retryAfter` seconds (HTTP 429 with `Retry-After`).
    case tooManyRequests(String, retryAfter: TimeInterval)

    /// The message.
    var message: String {
        switch self {
        case .badRequest(let message), .forbidden(let message), .notFound(let message), .conflict(let message),
            .tooManyRequests(let message, _):
            message
        }
    }

    /// The HTTP status.
    var status: Int {
        switch self {
        case .badRequest: 400
        case .forbidden: 403
        case .notFound: 404
        case .conflict: 409
        case .tooManyRequests: 429
        }
    }

    /// The `Retry-After` header's value (whole seconds), for 429.
    var retryAfter: String? {
        guard case .tooManyRequests(_, let wait) = self else { return nil }
        return String(Int(wait.rounded(.up)))
    }
}
