import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// The optional HTTP listener for operators: `/metrics` (Prometheus text), `/healthz`, `/readyz`, and when given
/// a `StatusPage`, the status page (`/`, `/ui/…`) and its API (`/api/v1/…`); all but the probes behind `auth` when
/// it is configured.
///
/// Off unless configured (`metrics: listen:`), and on 127.0.0.1 unless told otherwise: the endpoints reveal project
/// ids, hosts and sink names, so exposing them beyond the machine is a deliberate choice. `start()` binds and
/// returns the port (so port 0 works in tests); `stop()` shuts down gracefully. The server runs in its own
/// `ServiceGroup`, independent of the caller's.
///
/// ```swift
/// let server = OperationsServer(
///     configuration: .init(host: "127.0.0.1", port: 9464),
///     metrics: registry, health: health, logger: logger
/// )
/// let port = try await server.start()
/// …
/// await server.stop()
/// ```
final class OperationsServer: Sendable {
    /// Where to listen.
    struct Configuration: Sendable, Equatable {
        /// The address to bind: `127.0.0.1` by default (loopback only).
        var host: String
        /// The TCP port (9464 by default, Prometheus' customary port for exporters); 0 picks a free one.
        var port: Int

        /// Creates a configuration.
        init(host: String = "127.0.0.1", port: Int = 9464) {
            self.host = host
            self.port = port
        }

        /// The address the config's `metrics:` section names.
        init(_ config: MetricsConfig) {
            self.init(host: config.host, port: config.port)
        }
    }

    /// The `Content-Type` of `/metrics`: Prometheus' text format.
    static let metricsContentType = "text/plain; version=0.0.4; charset=utf-8"

    let configuration: Configuration
    private let metrics: any MetricsExposition
    private let health: HealthMonitor
    private let logger: Logger
    private let page: StatusPage?
    private let auth: OperationsAuth?
    private let server = RouterServer()

    /// Creates the server; nothing listens until `start()`. `page` adds the status page and its API; `auth`
    /// requires credentials everywhere but `/healthz` and `/readyz`.
    init(
        configuration: Configuration,
        metrics: any MetricsExposition,
        health: HealthMonitor,
        page: StatusPage? = nil,
        auth: OperationsAuth? = nil,
        logger: Logger
    ) {
        self.configuration = configuration
        self.page = page
        self.auth = auth
        self.metrics = metrics
        self.health = health
        self.logger = logger
    }

    /// Binds and starts serving; returns the bound port.
    ///
    /// - throws: When the address cannot be bound (in use, not local), with the system's reason.
    func start() async throws -> Int {
        let port = try await server.start(
            makeRouter(), host: configuration.host, port: configuration.port, logger: logger,
            ended: OperationsServerError.stopped
        )
        logger.info("operations endpoints listening", metadata: ["address": "\(configuration.host):\(port)"])
        return port
    }

    /// Stops accepting connections, finishes those in flight, and waits until the server has ended.
    func stop() async {
        await server.stop()
    }

    private func makeRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        if let auth { router.add(middleware: OperationsAuthMiddleware(auth: auth, admin: page?.admin)) }
        page?.register(on: router)
        let metrics = metrics
        let health = health
        router.get("/metrics") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: Self.metricsContentType],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition()))
            )
        }
        router.get("/healthz") { _, _ in Self.response(health.health()) }
        router.get("/readyz") { _, _ in Self.response(health.readiness()) }
        return router
    }

    /// `200` or `503`, with a small JSON body saying why.
    static func response(_ report: HealthReport) -> Response {
        var object: [String: String] = ["status": report.ok ? "ok" : "unavailable", "reason": report.reason]
        if let last = report.lastSuccessfulPoll {
            object["last_successful_poll"] = last.formatted(.iso8601)
        }
        let body = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return Response(
            status: report.ok ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: Array(body) + [0x0A]))
        )
    }
}

/// Why the operations server could not serve.
enum OperationsServerError: Error, Sendable {
    /// The server ended before it was listening.
    case stopped
}

/// Hands the bound port (or the failure) from a server task to its `start()` (also the soak's webhook receiver).
package final class PortHandoff: Sendable {
    private let state = Mutex<(result: Result<Int, any Error>?, waiter: CheckedContinuation<Int, any Error>?)>(
        (nil, nil)
    )

    /// An empty handoff: `port()` waits until `succeed(_:)` or `fail(_:)`.
    package init() {}

    /// Hands over the port the server bound.
    package func succeed(_ port: Int) { finish(.success(port)) }

    /// Hands over why the server could not bind.
    package func fail(_ error: any Error) { finish(.failure(error)) }

    /// The bound port, once handed over (at once if it already was); throws the failure handed over instead.
    package func port() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let result = state.withLock { state -> Result<Int, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let result { continuation.resume(with: result) }
        }
    }

    private func finish(_ result: Result<Int, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Int, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }
}
