import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// Serves one Hummingbird router on an address, in its own `ServiceGroup` (independent of the caller's): what the
/// operations endpoints (`OperationsServer`) and the webhook listener (`HookListener`) each run on.
///
/// `start` binds and returns the port (so port 0 works in tests); `stop()` shuts down gracefully.
final class RouterServer: Sendable {
    private let running = Mutex<(group: ServiceGroup, task: Task<Void, Never>)?>(nil)

    /// Creates an idle server.
    init() {}

    /// Binds `host:port` and serves `router`; returns the bound port.
    ///
    /// - parameter ended: What `start` throws when the server ends before it is listening without an error.
    /// - throws: When the address cannot be bound (in use, not local), with the system's reason.
    func start(
        _ router: Router<BasicRequestContext>,
        host: String,
        port: Int,
        logger: Logger,
        ended: any Error
    ) async throws -> Int {
        let startup = PortHandoff()
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in startup.succeed(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application],
                gracefulShutdownSignals: [],
                logger: logger
            )
        )
        let task = Task {
            do {
                try await group.run()
                startup.fail(ended)
            } catch {
                startup.fail(error)
            }
        }
        running.withLock { $0 = (group, task) }
        return try await startup.port()
    }

    /// Stops accepting connections, finishes those in flight, and waits until the server has ended.
    func stop() async {
        let current = running.withLock { running -> (group: ServiceGroup, task: Task<Void, Never>)? in
            defer { running = nil }
            return running
        }
        guard let current else { return }
        await current.group.triggerGracefulShutdown()
        await current.task.value
    }
}
