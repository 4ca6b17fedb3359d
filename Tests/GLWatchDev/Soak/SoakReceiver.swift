import Foundation
import Hummingbird
import Logging
import NIOCore
import Notifier
import ServiceLifecycle
import Synchronization
import Watcher

/// The soak's webhook receiver: a Hummingbird server on 127.0.0.1 that records every request glwatch's webhook
/// sink makes, with its `webhook-id`, and that can be taken down — answering 503, or closed so that connections
/// are refused — and brought back on the same port.
final class SoakReceiver: Sendable {
    /// How the receiver answers.
    enum Mode: Sendable, Equatable {
        /// 204 to every signed request.
        case up
        /// 503 to every request (a receiver overloaded or in maintenance).
        case unavailable
        /// Not listening: connections are refused.
        case refusing
    }

    /// One request that reached the receiver.
    struct Delivery: Sendable {
        /// The `webhook-id` header (empty when missing).
        var webhookID: String
        /// The body.
        var body: Data
        /// Whether it was answered 2xx (a delivery), rather than 503.
        var accepted: Bool
        /// Whether its `webhook-signature` matched the body.
        var signatureValid: Bool
    }

    private struct State {
        var mode = Mode.up
        var port = 0
        var deliveries: [Delivery] = []
        var running: (group: ServiceGroup, task: Task<Void, Never>)?
    }

    private let state = Mutex(State())
    private let signer: WebhookSigner
    private let logger: Logger

    /// Creates a receiver that checks signatures with `secret` (a Standard Webhooks `whsec_…` secret).
    init(secret: Secret, logger: Logger) throws {
        signer = try WebhookSigner(secrets: [secret])
        self.logger = logger
    }

    /// The URL glwatch posts to (valid after `start()`).
    var url: String { "http://127.0.0.1:\(state.withLock { $0.port })/hooks/glwatch" }

    /// Every request received so far, in arrival order.
    var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    /// The current mode.
    var mode: Mode { state.withLock { $0.mode } }

    /// Starts listening (on an ephemeral port the first time, on the same port afterwards).
    func start() async throws {
        let port = state.withLock { $0.port }
        let ready = PortHandoff()  // OperationsServer's
        let application = Application(
            router: makeRouter(),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in ready.succeed(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application], gracefulShutdownSignals: [], logger: logger
            )
        )
        let task = Task {
            do {
                try await group.run()
                ready.fail(SoakError("the webhook receiver stopped before it was listening"))
            } catch {
                ready.fail(error)
            }
        }
        state.withLock { $0.running = (group, task) }
        let bound = try await ready.port()
        state.withLock {
            $0.port = bound
            $0.mode = .up
        }
    }

    /// Switches to `mode`, stopping or restarting the listener as needed.
    func set(_ mode: Mode) async throws {
        let current = state.withLock { $0.mode }
        guard mode != current else { return }
        if current == .refusing {
            try await start()
        } else if mode == .refusing {
            await stop()
        }
        state.withLock { $0.mode = mode }
    }

    /// Stops listening (connections are refused from now on).
    func stop() async {
        let running = state.withLock { state -> (group: ServiceGroup, task: Task<Void, Never>)? in
            defer {
                state.running = nil
                state.mode = .refusing
            }
            return state.running
        }
        guard let running else { return }
        await running.group.triggerGracefulShutdown()
        await running.task.value
    }

    private func makeRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.post("/hooks/glwatch") { request, context -> Response in
            let buffer = try await request.body.collect(upTo: 16 << 20)
            let body = Data(buffer.readableBytesView)
            let id = request.headers[.init("webhook-id")!] ?? ""
            let timestamp = request.headers[.init("webhook-timestamp")!].flatMap { Int($0) }
            let signature = request.headers[.init("webhook-signature")!] ?? ""
            let valid = timestamp.map { self.signer.signature(id: id, timestamp: $0, body: body) == signature } ?? false
            let accepted = self.state.withLock { state -> Bool in
                let accepted = state.mode == .up
                state.deliveries.append(Delivery(webhookID: id, body: body, accepted: accepted, signatureValid: valid))
                return accepted
            }
            return Response(status: accepted ? .noContent : .serviceUnavailable)
        }
        return router
    }
}
