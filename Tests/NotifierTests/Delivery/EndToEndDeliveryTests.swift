import ChildProcess
import Foundation
import Hummingbird
import Logging
import Notifier
import RxCoreTest
import Testing

/// A real webhook receiver on 127.0.0.1, real HTTP, virtual time for the retries.
@Suite struct EndToEndDeliveryTests {
    /// Records what arrives; answers 503 for the first `unavailable` requests after it comes up.
    actor Receiver {
        var received: [(id: String, projectPath: String, signatureValid: Bool)] = []
        var unavailable: Int
        let signer: WebhookSigner

        init(unavailable: Int, signer: WebhookSigner) {
            self.unavailable = unavailable
            self.signer = signer
        }

        func handle(id: String, timestamp: String, signature: String, body: Data) -> Bool {
            if unavailable > 0 {
                unavailable -= 1
                return false
            }
            let path = ((try? WatchEvent.decode(json: body))?.project.path) ?? "?"
            let valid = Int(timestamp).map { signer.signature(id: id, timestamp: $0, body: body) == signature } ?? false
            received.append((id, path, valid))
            return true
        }
    }

    /// Runs the receiver on 127.0.0.1 (port 0: any free port) until the returned task is cancelled.
    static func startReceiver(_ receiver: Receiver, port: Int) async throws -> (task: Task<Void, Error>, port: Int) {
        let router = Router()
        router.post("hook") { request, _ -> HTTPResponse.Status in
            func header(_ name: String) -> String {
                request.headers.first { $0.name.canonicalName == name }?.value ?? ""
            }
            let body = try await request.body.collect(upTo: 1 << 20)
            let accepted = await receiver.handle(
                id: header("webhook-id"),
                timestamp: header("webhook-timestamp"),
                signature: header("webhook-signature"),
                body: Data(body.readableBytesView)
            )
            return accepted ? .noContent : .serviceUnavailable
        }
        var logger = Logger(label: "receiver")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = ports.makeAsyncIterator()
        return (task, await iterator.next() ?? 0)
    }

    @Test func testAReceiverThatIsDownForAWhile_getsEveryMessage_inOrder_noneTwice() async throws {
        // Given a port with nobody listening on it (the receiver is down)
        let signer = try WebhookSigner(secrets: [Secret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")])
        let receiver = Receiver(unavailable: 2, signer: signer)
        // Below the ephemeral range: the sink's attempts while it is down cannot take the port (`LoopbackPort`).
        let port = try LoopbackPort.outsideEphemeralRange()

        // and six events of two projects queued for a signed webhook sink
        let transport = AsyncHTTPClientTransport()
        // The client must be shut down whatever happens, so the scenario runs in a function of its own.
        let outcome: Result<Void, any Error>
        do {
            try await Self.deliverThroughAnOutage(port: port, receiver: receiver, signer: signer, transport: transport)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try await transport.shutdown()
        try outcome.get()
    }

    static func deliverThroughAnOutage(
        port: Int,
        receiver: Receiver,
        signer: WebhookSigner,
        transport: AsyncHTTPClientTransport
    ) async throws {
        let scheduler = TestScheduler(initialClock: 0)
        let queue = InMemoryDeliveryQueue()
        let sink = WebhookSink(
            name: "hook",
            endpoint: HTTPEndpoint(
                url: Secret("http://127.0.0.1:\(port)/hook"),
                timeout: .seconds(5)
            ),
            signer: signer,
            transport: transport
        )
        let worker = SinkWorker(
            sink: sink,
            queue: queue,
            policy: DeliveryPolicy(retry: RetryPolicy(initialDelay: 5, maxDelay: 60)),
            scheduler: scheduler,
            random: FixedRandom(0.5),
            logger: quietLogger
        )
        var events: [WatchEvent] = []
        for n in 1...6 {
            let project = n % 2 == 0 ? Fixtures.project("acme/even", id: 2) : Fixtures.project("acme/odd", id: 1)
            events.append(Fixtures.push([Fixtures.commit(n, in: project)], project: project, at: Double(n)))
        }
        for event in events { try await queue.enqueue(event, sink: "hook", notBefore: Fixtures.date(0)) }

        // When deliveries run for a while with the receiver down, then it comes back (first answering 503)
        var server: Task<Void, Error>?
        let comesBackAt = 120
        var attemptsWhileDown = 0
        while await queue.count(.pending) > 0, scheduler.clock < 5_000 {
            if server == nil, scheduler.clock >= comesBackAt {
                server = try await startReceiver(receiver, port: port).task
            }
            let pass = await worker.deliverDue()
            if server == nil { attemptsWhileDown += pass.retried }
            let wake = pass.nextWake.map { Int($0.timeIntervalSince1970.rounded(.up)) } ?? scheduler.clock + 1
            let next = server == nil ? min(wake, comesBackAt) : wake
            scheduler.advanceTo(max(next, scheduler.clock + 1))
        }
        server?.cancel()
        _ = await server?.result

        // Then every message arrived once, in order per project, correctly signed
        let received = await receiver.received
        #expect(attemptsWhileDown > 0)
        #expect(await queue.count(.delivered) == 6)
        #expect(received.count == 6)
        #expect(Set(received.map(\.id)).count == 6)
        #expect(received.allSatisfy { $0.signatureValid })
        for path in ["acme/odd", "acme/even"] {
            #expect(
                received.filter { $0.projectPath == path }.map(\.id)
                    == events.filter { $0.project.path == path }.map(\.id)
            )
        }
        #expect(await receiver.unavailable == 0)
    }
}
