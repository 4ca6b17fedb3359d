import Foundation
import Synchronization

/// Decides `/healthz` and `/readyz` from what the watcher reports: the store opened, a cycle of polls ran, a
/// target polled successfully.
///
/// - **Ready** once the store is open and the first cycle of polls has run (a load balancer or orchestrator may
///   send traffic, and a restart has caught up once), and — among replicas on PostgreSQL — while the replica's
///   latest round reached the database (`stateStoreUnavailable(_:)`, fed by `ReplicaCoordinator.reports`).
/// - **Healthy** while some target has polled successfully within `unhealthyAfter`; before the first success,
///   the same grace runs from `start`. A watcher whose every poll fails (token revoked, GitLab unreachable) or
///   whose loops are stuck turns unhealthy, so a supervisor can restart it or page someone.
///
/// Time comes from the injected `now` (the engine's scheduler clock), so tests drive the transitions.
final class HealthMonitor: Sendable {
    /// How long without any successful poll before glwatch reports itself unhealthy.
    let unhealthyAfter: TimeInterval
    private let now: @Sendable () -> Date
    private let state: Mutex<State>

    private struct State {
        var startedAt: Date
        var storeOpen = false
        var cyclesCompleted = 0
        var lastSuccess: Date?
        var storeProblem: String?
        var leasesRenewedAt: Date?
        var leasePeriod: TimeInterval?
    }

    /// Creates a monitor; the grace period before the first successful poll starts now.
    ///
    /// - parameter unhealthyAfter: Longer than the slowest target's longest poll interval (its cadence ceiling),
    ///   or a quiet but working watcher would flap; `defaultUnhealthyAfter(ceilings:)` picks one.
    init(unhealthyAfter: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.unhealthyAfter = unhealthyAfter
        self.now = now
        self.state = Mutex(State(startedAt: now()))
    }

    /// Three times the longest poll interval, and at least five minutes: a poll missed or failed now and then
    /// does not flap the check, a watcher that stopped polling is caught within a few intervals.
    static func defaultUnhealthyAfter(ceilings: [TimeInterval]) -> TimeInterval {
        max(300, 3 * (ceilings.max() ?? 0))
    }

    /// The store is open.
    func storeOpened() { state.withLock { $0.storeOpen = true } }

    /// The state store cannot be used (`reason`: why, never a password), or can again (`nil`). While it cannot,
    /// glwatch is not ready.
    func stateStoreUnavailable(_ reason: String?) { state.withLock { $0.storeProblem = reason } }

    /// Among replicas: a lease round last reached the database at `renewedAt` (`nil`: none has yet), and one must
    /// every `period` (the lease period) for the leases to hold. Once a whole period passed without one, glwatch
    /// is not ready — even while a round is still waiting for the database (a connection pool may hold it a
    /// minute before giving up).
    func leasesRenewed(at renewedAt: Date?, period: TimeInterval) {
        state.withLock { state in
            state.leasesRenewedAt = renewedAt
            state.leasePeriod = period
        }
    }

    /// A cycle of polls over every target has run (the first one makes glwatch ready).
    func cycleCompleted() { state.withLock { $0.cyclesCompleted += 1 } }

    /// A target polled successfully at `time`.
    func pollSucceeded(at time: Date) {
        state.withLock { state in
            if state.lastSuccess.map({ time > $0 }) ?? true { state.lastSuccess = time }
        }
    }

    /// Liveness now.
    func health() -> HealthReport {
        let (state, now) = (state.withLock { $0 }, now())
        let since = state.lastSuccess ?? state.startedAt
        let silence = max(0, now.timeIntervalSince(since))
        let healthy = silence <= unhealthyAfter
        let reason: String
        switch (healthy, state.lastSuccess) {
        case (true, .some): reason = "last successful poll \(Self.seconds(silence)) ago"
        case (true, nil): reason = "starting: no successful poll yet, \(Self.seconds(silence)) since start"
        case (false, .some):
            reason = "no successful poll for \(Self.seconds(silence)) (limit \(Self.seconds(unhealthyAfter)))"
        case (false, nil):
            reason = "no successful poll since start \(Self.seconds(silence)) ago (limit \(Self.seconds(unhealthyAfter)))"
        }
        return HealthReport(ok: healthy, reason: reason, lastSuccessfulPoll: state.lastSuccess)
    }

    /// Readiness now.
    func readiness() -> HealthReport {
        let state = state.withLock { $0 }
        if state.storeOpen, let problem = state.storeProblem {
            return HealthReport(ok: false, reason: problem, lastSuccessfulPoll: state.lastSuccess)
        }
        if state.storeOpen, let renewed = state.leasesRenewedAt, let period = state.leasePeriod,
            now().timeIntervalSince(renewed) > period
        {
            let silence = now().timeIntervalSince(renewed)
            return HealthReport(
                ok: false,
                reason: "no lease round has reached the state database for \(Self.seconds(silence)) (the leases last "
                    + "\(Self.seconds(period))): this replica's leases lapsed",
                lastSuccessfulPoll: state.lastSuccess
            )
        }
        switch (state.storeOpen, state.cyclesCompleted > 0) {
        case (false, _): return HealthReport(ok: false, reason: "the state store is not open yet")
        case (true, false): return HealthReport(ok: false, reason: "the first poll cycle has not finished yet")
        case (true, true):
            return HealthReport(ok: true, reason: "ready", lastSuccessfulPoll: state.lastSuccess)
        }
    }

    private static func seconds(_ interval: TimeInterval) -> String {
        "\(Int(interval.rounded()))s"
    }
}
