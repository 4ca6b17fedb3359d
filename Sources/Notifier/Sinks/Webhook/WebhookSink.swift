import Foundation

/// Posts glwatch's documented, versioned JSON payload (the event itself, or a digest of events) to any URL,
/// signed with Standard Webhooks headers when secrets are configured.
///
/// Headers: `webhook-id` (the stable message id, the same on every retry, for de-duplication),
/// `webhook-timestamp` (unix seconds of this attempt) and `webhook-signature`; `X-Hub-Signature-256` when
/// asked for; the sink's own headers. Bodies above `maxBodyBytes` have their commit messages shortened
/// (each marked `message_truncated`) until they fit.
public struct WebhookSink: Sink {
    /// The sink's name.
    public let name: String
    private let endpoint: HTTPEndpoint
    private let signer: WebhookSigner?
    private let maxBodyBytes: Int
    private let transport: any HTTPTransport

    /// Creates a webhook sink.
    ///
    /// - parameter signer: Signs each request; `nil` sends unsigned requests.
    /// - parameter maxBodyBytes: The largest body to send (default 1 MiB).
    public init(
        name: String,
        endpoint: HTTPEndpoint,
        signer: WebhookSigner? = nil,
        maxBodyBytes: Int = 1 << 20,
        transport: any HTTPTransport
    ) {
        self.name = name
        self.endpoint = endpoint
        self.signer = signer
        self.maxBodyBytes = maxBodyBytes
        self.transport = transport
    }

    /// The signed request for a batch, as sent at `time`.
    public func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage {
        let body = try WebhookPayload.encode(batch, maxBytes: maxBodyBytes)
        var headers = [HTTPHeader("webhook-id", batch.id)]
        if let signer {
            let timestamp = Int(time.timeIntervalSince1970.rounded(.down))
            headers.append(HTTPHeader("webhook-timestamp", String(timestamp)))
            headers.append(
                HTTPHeader(
                    "webhook-signature",
                    signer.signature(
                        id: batch.id,
                        timestamp: timestamp,
                        body: body
                    )
                )
            )
            if let github = signer.githubSignature(body: body) {
                headers.append(HTTPHeader("X-Hub-Signature-256", github))
            }
        }
        return endpoint.message(id: batch.id, sink: name, body: body, extra: headers)
    }

    /// Posts the request.
    public func send(_ message: SinkMessage) async -> SendResult {
        await endpoint.send(message, through: transport)
    }
}
