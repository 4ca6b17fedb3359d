import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// Sends the fake's webhooks: after every change to the world it reads the push events recorded since the last
/// look (and, for system hooks, the projects created, deleted, renamed or moved), draws which to drop and which to
/// delay, and posts the rest to the receiver, each in its own task — as GitLab's Sidekiq workers do, so hooks may
/// arrive out of order.
final class FakeHookSender: Sendable {
    let settings: FakeHookSettings
    private let state: Mutex<State>

    private struct State {
        var cursor: Int
        var paths: [Int64: String]
        var random: FakeSplitMix64
        var sent: [FakeSentHook] = []
        var finished = 0
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var sequence = 0
    }

    /// Creates a sender that starts after what `world` already holds.
    init(settings: FakeHookSettings, world: FakeWorld) {
        self.settings = settings
        state = Mutex(
            State(
                cursor: world.events.count,
                paths: Self.paths(world),
                random: FakeSplitMix64(seed: settings.seed)
            )
        )
    }

    /// Every hook sent or dropped so far, in the order they were due.
    var sent: [FakeSentHook] { state.withLock { $0.sent } }

    /// Reads the world (under the sender's lock, so concurrent writers' looks see it in order) for what changed
    /// since the last look, and sends its hooks.
    func look(reading read: () -> FakeWorld, now: Date) {
        let due = state.withLock { state -> [(index: Int, uuid: String, payload: FakeHookPayload, delayed: Bool)] in
            let world = read()
            var payloads: [FakeHookPayload] = []
            for event in world.events[state.cursor...] {
                if let payload = FakeHookPayload.push(event, in: world, kind: settings.kind) {
                    payloads.append(payload)
                }
            }
            state.cursor = world.events.count
            if settings.kind == .system {
                let paths = Self.paths(world)
                payloads += Self.lifecycle(from: state.paths, to: paths, at: now)
                state.paths = paths
            }
            var due: [(index: Int, uuid: String, payload: FakeHookPayload, delayed: Bool)] = []
            for payload in payloads {
                let dropped = Double.random(in: 0..<1, using: &state.random) < settings.dropFraction
                let delayed = Double.random(in: 0..<1, using: &state.random) < settings.delayFraction
                state.sent.append(
                    FakeSentHook(
                        event: payload.event,
                        eventName: payload.eventName,
                        project: payload.project,
                        ref: payload.ref,
                        at: payload.at,
                        dropped: dropped,
                        status: nil
                    )
                )
                state.sequence += 1
                if dropped {
                    state.finished += 1
                } else {
                    due.append((state.sent.count - 1, "fake-hook-\(settings.seed)-\(state.sequence)", payload, delayed))
                }
            }
            return due
        }
        for hook in due {
            Task { await self.post(hook.payload, uuid: hook.uuid, index: hook.index, delayed: hook.delayed) }
        }
        resumeWaiters()
    }

    /// Returns once `count` hooks have been answered, failed or dropped.
    func waitForHooks(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                if state.finished >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func post(_ payload: FakeHookPayload, uuid: String, index: Int, delayed: Bool) async {
        if delayed { try? await Task.sleep(for: settings.delay) }
        var request = HTTPClientRequest(url: settings.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "GitLab/17.6.0-fake")
        request.headers.add(name: "X-Gitlab-Event", value: payload.event)
        request.headers.add(name: "X-Gitlab-Token", value: settings.token)
        request.headers.add(name: "X-Gitlab-Event-UUID", value: uuid)
        request.headers.add(name: "Idempotency-Key", value: uuid)
        request.body = .bytes(ByteBuffer(bytes: payload.body.bytes()))
        var status: Int?
        if let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(10)) {
            status = Int(response.status.code)
            _ = try? await response.body.collect(upTo: 1 << 20)
        }
        state.withLock { state in
            state.sent[index].status = status
            state.finished += 1
        }
        resumeWaiters()
    }

    private func resumeWaiters() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            let finished = state.finished
            let ready = state.waiters.filter { $0.count <= finished }.map(\.continuation)
            state.waiters.removeAll { $0.count <= finished }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    private static func paths(_ world: FakeWorld) -> [Int64: String] {
        world.projects.mapValues { world.fullPath(of: $0) }
    }

    /// `project_create`, `project_destroy`, and `project_rename` (same namespace) or `project_transfer`.
    private static func lifecycle(
        from old: [Int64: String],
        to new: [Int64: String],
        at time: Date
    ) -> [FakeHookPayload] {
        var payloads: [FakeHookPayload] = []
        for (id, path) in new.sorted(by: { $0.key < $1.key }) {
            guard let before = old[id] else {
                payloads.append(.lifecycle("project_create", project: id, path: path, oldPath: nil, at: time))
                continue
            }
            guard before != path else { continue }
            let sameNamespace = before.split(separator: "/").dropLast() == path.split(separator: "/").dropLast()
            payloads.append(
                .lifecycle(
                    sameNamespace ? "project_rename" : "project_transfer",
                    project: id,
                    path: path,
                    oldPath: before,
                    at: time
                )
            )
        }
        for (id, path) in old.sorted(by: { $0.key < $1.key }) where new[id] == nil {
            payloads.append(.lifecycle("project_destroy", project: id, path: path, oldPath: nil, at: time))
        }
        return payloads
    }
}
