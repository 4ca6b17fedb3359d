import Foundation

/// A Gotify application (`GotifySink`).
public typealias GotifySink = ChatSink<GotifyDialect>

/// Gotify's `POST /message` with the application token in `X-Gotify-Key`
/// (https://gotify.net/docs/pushmsg, https://gotify.net/api-docs): `{"title", "message", "priority"}` with
/// Markdown display and the GitLab link as the click URL in `extras` (https://gotify.net/docs/msgextras).
/// Gotify has no rate-limit answer of its own; a proxy's `429`/`Retry-After` is honoured as for any sink.
public enum GotifyDialect: ChatDialect {
    /// Optional publishing settings.
    public struct Options: Sendable, Hashable {
        /// Gotify's priority (0 and up; clients notify loudly from 8).
        public var priority: Int?

        /// Creates options.
        public init(priority: Int? = nil) {
            self.priority = priority
        }
    }

    /// A message size well within what Gotify stores and shows.
    static let messageLimit = 65_536
    /// A title long enough for any summary.
    static let titleLimit = 256

    /// No overrides.
    public static var defaultOptions: Options { Options() }

    /// Markdown (shown as such because `extras` says so).
    public static func templateDialect(_ options: Options) -> TemplateDialect { .markdown }

    private struct Payload: Encodable {
        var title: String
        var message: String
        var priority: Int?
        var extras: [String: [String: Extra]]
    }

    private enum Extra: Encodable {
        case text(String)
        case click(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .click(let url): try container.encode(["url": url])
            }
        }
    }

    /// The `POST /message` request for a request.batch.
    public static func message(for request: ChatRequest<Self>) throws -> SinkMessage {
        let text = request.render(.markdown)
        var extras: [String: [String: Extra]] = ["client::display": ["contentType": .text("text/markdown")]]
        if request.batch.events.count == 1, let url = TemplateContext.primaryURL(of: request.batch.events[0]) {
            extras["client::notification"] = ["click": .click(url)]
        }
        let payload = Payload(
            title: TextTruncation.truncate(text.title, to: titleLimit, in: .utf8),
            message: TextTruncation.truncate(text.body.isEmpty ? text.title : text.body, to: messageLimit, in: .utf8),
            priority: request.options.priority,
            extras: extras
        )
        return try request.post(payload)
    }
}
