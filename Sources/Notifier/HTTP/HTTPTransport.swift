/// Sends one HTTP request: the only way sinks reach the network, so tests swap it for a fake.
public protocol HTTPTransport: Sendable {
    /// Sends a request and returns the response; throws on network failures and timeouts.
    ///
    /// An HTTP error status is a response, not a thrown error.
    func send(_ request: SinkRequest) async throws -> SinkResponse
}
