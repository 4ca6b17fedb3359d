import Foundation
import Hummingbird
import Logging
import NIOCore

/// The webhook listener of instant mode (`hooks:`): `POST <path>` with GitLab's project, group or system hooks,
/// answered within milliseconds — the hint only wakes a pipeline or discovery, the poll runs later — so GitLab
/// neither times the hook out nor disables it.
///
/// Its own listener, not the operations one (`metrics:`): GitLab must reach it, often from outside the machine,
/// while `/metrics` and the status page stay on loopback or behind their own credentials; and the two have
/// different rules (a shared token and a body limit here, basic or bearer auth there). `start()` binds and
/// returns the port (0 picks a free one); `stop()` shuts down gracefully.
///
/// ```swift
/// let listener = HookListener(configuration: .init(host: "0.0.0.0", port: 9095, path: "/gitlab"),
///                             receiver: receiver, logger: logger)
/// let port = try await listener.start()
/// …
/// await listener.stop()
/// ```
package final class HookListener: Sendable {
    /// Where and how to listen.
    package struct Configuration: Sendable, Equatable {
        /// The address to bind.
        var host: String
        /// The TCP port; 0 picks a free one.
        var port: Int
        /// The path GitLab posts to (`/gitlab`).
        var path: String
        /// The largest body accepted (413 beyond).
        var maxBody: Int

        /// Creates a configuration.
        package init(host: String = "0.0.0.0", port: Int = 9095, path: String = "/gitlab", maxBody: Int = 4 << 20) {
            self.host = host
            self.port = port
            self.path = path
            self.maxBody = maxBody
        }
    }

    /// The request headers GitLab sends (docs/gitlab-api.md, "Webhooks as hints").
    enum Header {
        static let token = "X-Gitlab-Token"
        static let event = "X-Gitlab-Event"
        static let eventUUID = "X-Gitlab-Event-UUID"
        static let idempotencyKey = "Idempotency-Key"
    }

    let configuration: Configuration
    private let receiver: HookReceiver
    private let logger: Logger
    private let server = RouterServer()

    /// Creates the listener; nothing listens until `start()`.
    package init(configuration: Configuration, receiver: HookReceiver, logger: Logger) {
        self.configuration = configuration
        self.receiver = receiver
        self.logger = logger
    }

    /// Binds and starts serving; returns the bound port.
    ///
    /// - throws: When the address cannot be bound (in use, not local), with the system's reason.
    package func start() async throws -> Int {
        let port = try await server.start(
            makeRouter(),
            host: configuration.host,
            port: configuration.port,
            logger: logger,
            ended: HookListenerError.stopped
        )
        logger.notice(
            "listening for GitLab webhooks",
            metadata: ["address": "\(configuration.host):\(port)", "path": "\(configuration.path)"]
        )
        return port
    }

    /// Stops accepting connections, finishes those in flight, and waits until the server has ended.
    package func stop() async {
        await server.stop()
    }

    private func makeRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let receiver = receiver
        let limit = configuration.maxBody
        router.post(RouterPath(configuration.path)) { request, _ -> Response in
            let verdict = await Self.answer(request, receiver: receiver, limit: limit)
            return Self.response(verdict)
        }
        return router
    }

    /// Token first (before reading a byte of the body), then the size, then the receiver.
    static func answer(_ request: Request, receiver: HookReceiver, limit: Int) async -> HookVerdict {
        func header(_ name: String) -> String? { request.headers[.init(name)!] }
        guard receiver.authorizes(header(Header.token)) else { return receiver.reject(.token) }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            return receiver.reject(.tooLarge)
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch {
            return receiver.reject(.tooLarge)
        }
        return receiver.receive(
            HookRequest(
                token: header(Header.token),
                event: header(Header.event),
                idempotencyKey: header(Header.idempotencyKey),
                eventUUID: header(Header.eventUUID),
                body: Array(buffer: body)
            )
        )
    }

    /// The answer GitLab sees: the status and a one-line JSON body saying what became of the hook.
    static func response(_ verdict: HookVerdict) -> Response {
        var object = ["outcome": verdict.label]
        if let detail = verdict.detail { object["problem"] = detail }
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Response(
            status: HTTPResponse.Status(code: verdict.status),
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: Array(body) + [0x0A]))
        )
    }
}

/// Why the hook listener cannot run.
package enum HookListenerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No secret token: a listener anybody could wake is refused.
    case noToken
    /// The server ended before it was listening.
    case stopped

    /// What went wrong.
    package var description: String {
        switch self {
        case .noToken: "the webhook listener needs a secret token (hooks.token_env or hooks.token_file)"
        case .stopped: "the webhook listener stopped before it was listening"
        }
    }
}
