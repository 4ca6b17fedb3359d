import Foundation

/// What makes one chat service different from the others: its options, its markup, the shape of its request
/// and, when it has one, how it says "slow down". `ChatSink` does the rest, the same for every service.
///
/// A dialect lives in its own folder (`Sinks/Chat/<Service>/`) beside its config decoding
/// (`<Service>Definition.swift`), so adding a chat service touches that folder and the registry's list.
public protocol ChatDialect: Sendable {
    /// The service's settings beyond URL and template (`username`, `priority`, …).
    associatedtype Options: Sendable, Hashable

    /// The options used when none are given.
    static var defaultOptions: Options { get }

    /// The markup the service renders, which decides how template values are escaped.
    static func templateDialect(_ options: Options) -> TemplateDialect

    /// The service's request for a batch; `request.render` renders it in any markup (the service's own, or
    /// another for a second body such as Matrix's plain `body` beside its HTML `formatted_body`).
    static func message(for request: ChatRequest<Self>) throws -> SinkMessage

    /// Classifies the service's answer; the default is `SendResult.classify` (2xx, 408/429/5xx retried,
    /// `Retry-After` honoured). Services that say "retry after" in their JSON body override it.
    static func classify(_ response: SinkResponse) -> SendResult

    /// Sends a message made by `message(…)`; the default posts it once. Overridden where a send takes more
    /// than one request (Matrix resolves a room alias first).
    static func send(
        _ message: SinkMessage,
        options: Options,
        endpoint: HTTPEndpoint,
        transport: any HTTPTransport
    ) async -> SendResult
}

extension ChatDialect {
    /// `SendResult.classify`.
    public static func classify(_ response: SinkResponse) -> SendResult { SendResult.classify(response) }

    /// One request, classified by `classify(_:)`.
    public static func send(
        _ message: SinkMessage,
        options: Options,
        endpoint: HTTPEndpoint,
        transport: any HTTPTransport
    ) async -> SendResult {
        await endpoint.send(message, through: transport, classify: classify)
    }
}

extension ChatDialect where Options == ChatNoOptions {
    /// No options.
    public static var defaultOptions: ChatNoOptions { ChatNoOptions() }
}

extension ChatDialect where Options == ChatPoster {
    /// The webhook's own name, icon and channel.
    public static var defaultOptions: ChatPoster { ChatPoster() }
}

/// The options of a service that has none of its own (Teams, Google Chat).
public struct ChatNoOptions: Sendable, Hashable {
    /// Creates the empty options.
    public init() {}
}
