import Foundation

/// What sending one message came to, Alertmanager style: delivered, or failed and whether to retry.
public enum SendResult: Sendable, Hashable {
    /// The service accepted the message.
    case delivered(httpStatus: Int?)
    /// The service did not accept it.
    case failed(SendFailure)

    /// Classifies an HTTP response: 2xx delivered; 408, 429 and 5xx retryable (honouring `Retry-After`);
    /// any other status permanent, with the service's own explanation when it gave one.
    public static func classify(_ response: SinkResponse) -> SendResult {
        let status = response.status
        if (200..<300).contains(status) { return .delivered(httpStatus: status) }
        let retryable = status == 408 || status == 429 || status >= 500
        let retryAfter = response.header("Retry-After").flatMap(RetryAfter.init(headerValue:))
        return .failed(
            SendFailure(
                retryable: retryable,
                httpStatus: status,
                retryAfter: retryAfter,
                reason: "HTTP \(status)\(Self.explanation(response.body))"
            )
        )
    }

    /// `: <the body's first line>`, short and printable, or nothing for an empty body.
    private static func explanation(_ body: Data) -> String {
        let text = String(decoding: body.prefix(2048), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let printable = String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(200))
        return printable.trimmingCharacters(in: .whitespaces).isEmpty ? "" : ": \(printable)"
    }
}

/// Why a message was not delivered.
public struct SendFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Whether trying again later may succeed (network trouble, 408, 429, 5xx).
    public var retryable: Bool
    /// The HTTP status, when the service answered.
    public var httpStatus: Int?
    /// How long the service asked us to wait.
    public var retryAfter: RetryAfter?
    /// A human-readable reason (never containing a secret).
    public var reason: String

    /// Creates a failure.
    public init(retryable: Bool, httpStatus: Int? = nil, retryAfter: RetryAfter? = nil, reason: String) {
        self.retryable = retryable
        self.httpStatus = httpStatus
        self.retryAfter = retryAfter
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
