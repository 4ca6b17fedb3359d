import AsyncHTTPClient
import Foundation

/// The live `HTTPTransport`, on AsyncHTTPClient: exact per-request deadlines, private CA support, flat memory.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// At most this much of a response body is kept (enough for an error message).
    public static let maxResponseBytes = 64 * 1024

    private let client: HTTPClient

    /// Creates a transport on a client the caller owns (and shuts down).
    public init(client: HTTPClient) {
        self.client = client
    }

    /// Creates a transport with a client of its own, configured for notifications.
    ///
    /// A refused or failed connection fails the attempt at once (AsyncHTTPClient would otherwise keep reconnecting
    /// until the request's deadline), since glwatch retries on its own schedule. Call `shutdown()` when done.
    public init() {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(10)
        configuration.redirectConfiguration = .disallow
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Shuts the client down (for a transport made with `init()`; a caller's own client is theirs to shut down).
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// Sends a request within its timeout (the deadline covers the response head and collecting the body).
    public func send(_ request: SinkRequest) async throws -> SinkResponse {
        var outgoing = HTTPClientRequest(url: request.url.reveal())
        outgoing.method = .RAW(value: request.method)
        for header in request.headers {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        outgoing.body = .bytes(Array(request.body))
        let (seconds, attoseconds) = request.timeout.components
        let response = try await client.execute(
            outgoing,
            timeout: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        )
        var body = Data()
        do {
            for try await var chunk in response.body {
                let room = Self.maxResponseBytes - body.count
                if room <= 0 { break }
                if let bytes = chunk.readBytes(length: min(room, chunk.readableBytes)) {
                    body.append(contentsOf: bytes)
                }
            }
        } catch {
            // A body cut short still leaves a usable status; the status decides the outcome.
        }
        return SinkResponse(
            status: Int(response.status.code),
            headers: response.headers.map { (name: $0.name, value: $0.value) },
            body: body
        )
    }
}
