/// Why the status page's API refused a request: a bad parameter (400) or nothing with that id (404). The message
/// is for people and may quote their input, so it is JSON- or HTML-escaped wherever it is shown.
enum StatusAPIError: Error, Sendable, Equatable {
    /// A parameter is malformed (HTTP 400).
    case badRequest(String)
    /// The thing asked for does not exist, or no longer (HTTP 404).
    case notFound(String)

    /// The message.
    var message: String {
        switch self {
        case .badRequest(let message), .notFound(let message): message
        }
    }

    /// The HTTP status.
    var status: Int {
        switch self {
        case .badRequest: 400
        case .notFound: 404
        }
    }
}
