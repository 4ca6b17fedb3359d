import Foundation
import Logging
import RxCore
import Synchronization

/// Keeps one replica listening for the other replicas' wake-ups (`ReplicaWakeups`) and turns them into local
/// wake-ups: queued deliveries wake the delivery workers, leases given back wake the claim round, and webhook hints
/// passed on wake the project's pipeline (if this replica holds it).
///
/// ```text
/// listen ─▶ listening: wake both (what was sent before we listened is missed) ─▶ .deliveries ─▶ deliveries()
///   ▲                                                                        └─▶ .leases ─────▶ leases()
///   └── connection dropped: periodic rounds only, try again after `retry` ◀──┘
/// ```
///
/// The wake-ups only shorten the wait: without them (the connection down, the database restarting) the periodic
/// claim rounds, which also wake the delivery side, find the same work a little later.
final class ReplicaWakeListener: Sendable {
    private let wakeups: any ReplicaWakeups
    private let scheduler: any SchedulerType
    private let logger: Logger
    private let retry: RxTimeInterval
    private let state = Mutex(State())

    private struct State {
        var listens = 0
        /// Whether the last listen ended with an error (logged once per outage).
        var down = false
        var wakes: [ReplicaWake: Int] = [:]
    }

    /// Creates a listener over `wakeups`; nothing happens until `start`.
    ///
    /// - parameter retry: How long to wait, on `scheduler`, before listening again after the connection dropped
    ///   or could not be made.
    init(
        wakeups: any ReplicaWakeups, scheduler: any SchedulerType, logger: Logger, retry: RxTimeInterval = .seconds(2)
    ) {
        self.wakeups = wakeups
        self.scheduler = scheduler
        self.logger = logger
        self.retry = retry
    }

    /// How many times the listener has started listening: 1 once it listens, one more after each reconnection.
    var listens: Int { state.withLock { $0.listens } }

    /// Whether it listens now: it has started listening and the connection has not dropped since.
    var isListening: Bool { state.withLock { $0.listens > 0 && !$0.down } }

    /// How many wake-ups of `kind` it has received.
    func wakes(_ kind: ReplicaWake) -> Int { state.withLock { $0.wakes[kind, default: 0] } }

    /// Listens until disposed, calling `deliveries` for `.deliveries` and `leases` for `.leases` wake-ups, and
    /// both each time it starts listening (a wake-up sent while it was not listening is lost); `hints` gets the
    /// webhook and change-feed hints other replicas pass on, `discovered` the leader's new project listings, and
    /// `heardAgain` runs when it listens again after the
    /// connection dropped or could not be made (the hints sent meanwhile were lost).
    func start(
        deliveries: @escaping @Sendable () -> Void, leases: @escaping @Sendable () -> Void,
        hints: @escaping @Sendable (ForwardedHint) -> Void = { _ in },
        discovered: @escaping @Sendable () -> Void = {},
        heardAgain: @escaping @Sendable () -> Void = {}
    ) -> any Disposable {
        let task = Task { [self] in
            while !Task.isCancelled {
                do {
                    try await wakeups.listen(
                        listening: { [self] in
                            let wasDown = state.withLock { state -> Bool in
                                state.listens += 1
                                defer { state.down = false }
                                return state.down
                            }
                            if wasDown { logger.notice("listening for the other replicas' wake-ups again") }
                            deliveries()
                            leases()
                            if wasDown { heardAgain() }
                        },
                        wake: { [self] kind in
                            state.withLock { $0.wakes[kind, default: 0] += 1 }
                            switch kind {
                            case .deliveries: deliveries()
                            case .leases: leases()
                            case .discovered: discovered()
                            }
                        },
                        hint: hints
                    )
                } catch {
                    if !state.withLock({ $0.down }) {
                        logger.warning(
                            "cannot hear the other replicas' wake-ups; working by periodic rounds until it can again",
                            metadata: ["error": "\(error)"]
                        )
                    }
                    state.withLock { $0.down = true }
                }
                if Task.isCancelled { break }
                _ = try? await Single<Int>.timer(retry, scheduler: scheduler).value
            }
        }
        return Disposables.create { task.cancel() }
    }
}
