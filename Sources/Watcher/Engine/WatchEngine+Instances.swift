import Foundation
import Logging
import Notifier
import RxCore
import Synchronization

extension WatchEngine {
    /// One `InstanceMonitor` per client, probing with `GET /user` and announcing through the engine's outbox
    /// (under the key `<instance>/0`); `engine` is filled in once the engine exists.
    static func makeMonitors(
        clients: [String: GitLabClient],
        scheduler: any SchedulerType,
        random: @escaping @Sendable () -> Double,
        logger: Logger,
        engine: WeakEngine
    ) -> [String: InstanceMonitor] {
        clients.reduce(into: [:]) { monitors, entry in
            let (name, client) = entry
            monitors[name] = InstanceMonitor(
                instance: name,
                url: client.host.absoluteString,
                authenticated: client.isAuthenticated,
                scheduler: scheduler,
                random: random,
                logger: logger,
                probe: {
                    do throws(GitLabError) {
                        _ = try await client.users.current()
                        return nil
                    } catch {
                        return error
                    }
                },
                announce: { event in
                    await engine.value?.store(
                        event, project: ProjectKey(instance: name, id: 0), at: event.occurredAt
                    )
                }
            )
        }
    }
}

/// A weak reference to the engine, for what the engine builds before it exists (its instance monitors).
final class WeakEngine: Sendable {
    private let reference = Mutex<Reference>(Reference())

    private struct Reference: @unchecked Sendable {
        // @unchecked: a weak reference to a Sendable engine, only touched under the mutex.
        weak var engine: WatchEngine?
    }

    /// The engine, while it exists.
    var value: WatchEngine? {
        get { reference.withLock { $0.engine } }
        set { reference.withLock { $0.engine = newValue } }
    }
}
