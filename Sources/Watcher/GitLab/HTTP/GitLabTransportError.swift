/// Why a transport could not deliver a response.
public enum GitLabTransportError: Error, Sendable, Equatable {
    /// No complete response within the request's timeout.
    case timeout
    /// The task was cancelled.
    case cancelled
    /// The connection could not be made or broke (refused, reset, closed early, TLS failure).
    case connection(String)
    /// The body exceeded the transport's size limit.
    case bodyTooLarge(limit: Int)
}
