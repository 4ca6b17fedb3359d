import ChildProcess
import Foundation
import Hummingbird
import Logging
import NIOCore
import Notifier
import ServiceLifecycle
import Synchronization
import Watcher

/// The soak's webhook receiver: a Hummingbird server on 127.0.0.1 that records every request glwatch's webhook
/// sinks make (`/hooks/<sink>`), with its `webhook-id`, and that misbehaves on demand — answering 503, refusing
/// connections, hanging without an answer, or dropping the connection — and recovers on the same port.
///
/// That port lies below the kernel's ephemeral range (`LoopbackPort`): while the receiver refuses connections,
/// glwatch keeps connecting to it, and a client connection can take a port of the ephemeral range — even the
/// receiver's own, connecting to itself — so that the receiver could not listen again (a CI run failed so).
final class SoakReceiver: Sendable {
    /// How the receiver answers.
    enum Mode: String, Sendable, Equatable, CaseIterable {
        /// 204 to every request.
        case up
        /// 503 to every request (a receiver overloaded or in maintenance).
        case unavailable = "503"
        /// Not listening: connections are refused.
        case refusing = "refused"
        /// Reads the request and never answers (until the mode changes): glwatch's timeout must give up.
        case hanging = "hung"
        /// Reads the request and closes the connection without an answer.
        case dropping = "dropped"
    }

    /// One request that reached the receiver.
    struct Delivery: Sendable {
        /// The sink it came from (the last path segment: `/hooks/audit` → `audit`).
        var sink: String
        /// The `webhook-id` header (empty when missing).
        var webhookID: String
        /// The body.
        var body: Data
        /// Whether it was answered 2xx (an acknowledged delivery).
        var accepted: Bool
        /// How it was turned away when not accepted.
        var mode: Mode
        /// Whether its `webhook-signature` matched the body.
        var signatureValid: Bool
        /// When it reached the receiver (`glwatch-dev bench replicas` measures commit-to-delivery latency with it).
        var receivedAt = Date()
    }

    private struct State {
        var mode = Mode.up
        var port = 0
        var deliveries: [Delivery] = []
        var running: (group: ServiceGroup, task: Task<Void, Never>)?
        var hung: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let signer: WebhookSigner
    private let logger: Logger

    /// Creates a receiver that checks signatures with `secret` (a Standard Webhooks `whsec_…` secret).
    init(secret: Secret, logger: Logger) throws {
        signer = try WebhookSigner(secrets: [secret])
        self.logger = logger
    }

    /// The URL sink `sink` posts to (valid after `start()`).
    func url(for sink: String) -> String { "http://127.0.0.1:\(state.withLock { $0.port })/hooks/\(sink)" }

    /// Every request received so far, in arrival order.
    var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    /// The current mode.
    var mode: Mode { state.withLock { $0.mode } }

    /// Starts listening (on a free port below the ephemeral range the first time, on the same port afterwards).
    ///
    /// A restart whose port is briefly held by someone else ("Address already in use") is tried again for up to
    /// `patience`; then it throws.
    func start(patience: Duration = .seconds(15)) async throws {
        var port = state.withLock { $0.port }
        if port == 0 { port = try LoopbackPort.outsideEphemeralRange() }
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while true {
            do {
                return try await listen(on: port)
            } catch let error as IOError where error.errnoCode == EADDRINUSE && clock.now < deadline {
                try await clock.sleep(for: .milliseconds(250))
            }
        }
    }

    private func listen(on port: Int) async throws {
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

    /// Switches to `mode`, stopping or restarting the listener as needed; requests left hanging are answered 503.
    func set(_ mode: Mode) async throws {
        let current = state.withLock { $0.mode }
        guard mode != current else { return }
        if current == .refusing {
            try await start()
        } else if mode == .refusing {
            await stop()
        }
        state.withLock { $0.mode = mode }
        // After the change: a request that saw `.hanging` before it is released, none can start hanging after it.
        releaseHung()
    }

    /// Stops listening (connections are refused from now on).
    func stop() async {
        releaseHung()
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

    private func releaseHung() {
        let hung = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            defer { state.hung.removeAll() }
            return state.hung
        }
        for continuation in hung { continuation.resume() }
    }

    private func makeRouter() -> Router<SoakReceiverContext> {
        let router = Router(context: SoakReceiverContext.self)
        router.post("/hooks/:sink") { request, context -> Response in
            let buffer = try await request.body.collect(upTo: 16 << 20)
            let body = Data(buffer.readableBytesView)
            let sink = context.parameters.get("sink") ?? ""
            let id = request.headers[.init("webhook-id")!] ?? ""
            let timestamp = request.headers[.init("webhook-timestamp")!].flatMap { Int($0) }
            let signature = request.headers[.init("webhook-signature")!] ?? ""
            let valid = timestamp.map { self.signer.signature(id: id, timestamp: $0, body: body) == signature } ?? false
            let mode = self.state.withLock { state -> Mode in
                state.deliveries.append(
                    Delivery(
                        sink: sink, webhookID: id, body: body, accepted: state.mode == .up, mode: state.mode,
                        signatureValid: valid
                    )
                )
                return state.mode
            }
            switch mode {
            case .up:
                return Response(status: .noContent)
            case .hanging:
                await withCheckedContinuation { continuation in
                    let waiting = self.state.withLock { state -> Bool in
                        guard state.mode == .hanging else { return false }
                        state.hung.append(continuation)
                        return true
                    }
                    if !waiting { continuation.resume() }
                }
                return Response(status: .serviceUnavailable)
            case .dropping:
                try? await context.channel.close()
                throw SoakError("connection dropped on purpose")
            case .unavailable, .refusing:
                return Response(status: .serviceUnavailable)
            }
        }
        return router
    }
}
