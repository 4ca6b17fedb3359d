import Notifier

/// An `HTTPTransport` that refuses to send: sinks built for a dry run can make their messages but never reach
/// the network.
struct OfflineTransport: HTTPTransport {
    /// The error every send throws.
    struct Refused: Error, CustomStringConvertible {
        var description: String { "this command does not send anything" }
    }

    /// Always throws `Refused`.
    func send(_ request: SinkRequest) async throws -> SinkResponse {
        throw Refused()
    }
}
