import Foundation
import Synchronization

/// The fake's test controls: injected faults, the throttle, the request log, hung requests and waiters.
final class FakeControl: Sendable {
    private struct State {
        var faults: [FakeFault] = []
        var rateLimit: FakeRateLimit?
        var chaos: FakeChaos?
        var windows: [String: (start: Date, count: Int)] = [:]
        var log: [FakeRecordedRequest] = []
        var hung: [(id: UUID, continuation: CheckedContinuation<Void, Never>)] = []
        /// Set while the server stops: requests that reach a `.hang` fault late (their client already gave up)
        /// must not hang, or the graceful shutdown would wait for them forever.
        var stopping = false
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// Tests waiting until this many requests are hung at once.
        var hungWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    // MARK: Faults

    func inject(_ fault: FakeFault) {
        state.withLock { $0.faults.append(fault) }
    }

    func clearFaults() {
        state.withLock { $0.faults.removeAll() }
    }

    /// Random faults for the requests no injected fault hits; `nil` for none.
    var chaos: FakeChaos? {
        get { state.withLock { $0.chaos } }
        set { state.withLock { $0.chaos = newValue } }
    }

    /// The first fault that hits this request, using it up; else what chaos draws for it.
    func takeFault(method: String, path: String, query: String) -> FakeFault.Kind? {
        state.withLock { state in
            guard
                let index = state.faults.firstIndex(where: {
                    $0.matcher.matches(method: method, path: path, query: query)
                })
            else {
                return state.chaos?.draw()
            }
            let kind = state.faults[index].kind
            if let remaining = state.faults[index].remaining {
                if remaining <= 1 {
                    state.faults.remove(at: index)
                } else {
                    state.faults[index].remaining = remaining - 1
                }
            }
            return kind
        }
    }

    // MARK: Throttle

    var rateLimit: FakeRateLimit? {
        get { state.withLock { $0.rateLimit } }
        set {
            state.withLock {
                $0.rateLimit = newValue
                $0.windows.removeAll()
            }
        }
    }

    /// Counts a request of `identity` at `now`: the `RateLimit-*` headers to send, and whether it is over.
    func throttle(identity: String, now: Date) -> (headers: [(String, String)], limited: Bool, resetAt: Date)? {
        state.withLock { state in
            guard let policy = state.rateLimit else { return nil }
            let windowStart = Date(
                timeIntervalSince1970: (now.timeIntervalSince1970 / policy.period).rounded(.down) * policy.period
            )
            var window = state.windows[identity] ?? (windowStart, 0)
            if window.start != windowStart { window = (windowStart, 0) }
            window.count += 1
            state.windows[identity] = window
            let resetAt = windowStart.addingTimeInterval(policy.period)
            var headers: [(String, String)] = []
            if policy.sendsRateLimitHeaders {
                headers = [
                    ("RateLimit-Name", policy.name), ("RateLimit-Limit", String(policy.limit)),
                    ("RateLimit-Observed", String(window.count)),
                    ("RateLimit-Remaining", String(max(0, policy.limit - window.count))),
                    ("RateLimit-Reset", String(Int64(resetAt.timeIntervalSince1970))),
                ]
            }
            return (headers, window.count > policy.limit, resetAt)
        }
    }

    // MARK: Request log

    /// Logs an arriving request; returns its index for `complete`.
    func record(_ request: FakeRecordedRequest) -> Int {
        let (index, ready) = state.withLock { state -> (Int, [CheckedContinuation<Void, Never>]) in
            state.log.append(request)
            let count = state.log.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return (count - 1, ready)
        }
        for continuation in ready { continuation.resume() }
        return index
    }

    func complete(_ index: Int, status: Int) {
        state.withLock { state in
            if index < state.log.count { state.log[index].status = status }
        }
    }

    var log: [FakeRecordedRequest] { state.withLock { $0.log } }

    func resetLog() {
        state.withLock { $0.log.removeAll() }
    }

    /// Returns once `count` requests have arrived (counting since the last reset).
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.log.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    // MARK: Hung requests

    /// Suspends until `releaseHung()` (or until the task is cancelled, so a stopping server never waits on it).
    func hang() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (cancelled, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled || state.stopping { return (true, []) }
                    state.hung.append((id, continuation))
                    let hungCount = state.hung.count
                    let ready = state.hungWaiters.filter { $0.count <= hungCount }.map(\.continuation)
                    state.hungWaiters.removeAll { $0.count <= hungCount }
                    return (false, ready)
                }
                if cancelled { continuation.resume() }
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.hung.firstIndex(where: { $0.id == id }) else { return nil }
                return state.hung.remove(at: index).continuation
            }
            continuation?.resume()
        }
    }

    /// Suspends until at least `count` requests are hung at once (a request is logged before its `.hang` fault
    /// takes hold, so a test that releases right after seeing it logged could release nothing).
    func waitUntilHung(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.hung.count >= count { return true }
                state.hungWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func releaseHung() {
        let hung = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            defer { state.hung.removeAll() }
            return state.hung.map(\.continuation)
        }
        for continuation in hung { continuation.resume() }
    }

    /// Marks the server as stopping (or running again) and releases every hung request.
    func setStopping(_ stopping: Bool) {
        state.withLock { $0.stopping = stopping }
        if stopping { releaseHung() }
    }
}
