import Foundation
import Logging
import Notifier
import Synchronization
import Testing

@testable import Watcher

/// The listener's decisions without HTTP: the token, the event, the body, repeats, and what reaches the engine.
@Suite struct HookReceiverTests {
    let clock = HookRepeatsTests.Clock()

    private func receiver(
        _ target: RecordingHookTarget,
        token: String = "s3cret-token",
        record: @escaping @Sendable (HookVerdict) -> Void = { _ in }
    ) throws -> HookReceiver {
        try HookReceiver(
            token: Secret(token),
            instance: "gitlab.com",
            target: target,
            repeats: HookRepeats(now: clock.now),
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            record: record
        )
    }

    private func push(token: String? = "s3cret-token", key: String? = nil, uuid: String? = nil) -> HookRequest {
        HookRequest(
            token: token,
            event: "Push Hook",
            idempotencyKey: key,
            eventUUID: uuid,
            body: Array(GitLabHookFixtures.push.utf8)
        )
    }

    @Test func testReceive_aValidPushReachesTheEngineForTheConfiguredInstance() throws {
        let target = RecordingHookTarget()
        let verdict = try receiver(target).receive(push())
        #expect(verdict.status == 200)
        #expect(verdict.outcome == .accepted(.polled))
        #expect(target.hints.map(\.project) == [15])
        #expect(target.instances == ["gitlab.com"])
    }

    @Test func testReceive_aWrongOrMissingTokenIs401AndNeverReachesTheEngine() throws {
        let target = RecordingHookTarget()
        let receiver = try receiver(target)
        for token in [nil, "", "s3cret-toke", "s3cret-token ", "S3CRET-TOKEN", "s3cret-token-and-more"] {
            let verdict = receiver.receive(push(token: token))
            #expect(verdict.status == 401, "\(String(describing: token))")
            #expect(verdict.outcome == .rejected(.token))
        }
        #expect(target.hints.isEmpty)
    }

    @Test func testInit_anEmptyTokenIsRefused() {
        #expect(throws: HookListenerError.noToken) { try receiver(RecordingHookTarget(), token: "") }
    }

    @Test func testReceive_malformedJSONIs400AndSaysWhy() throws {
        let target = RecordingHookTarget()
        let verdict = try receiver(target).receive(
            HookRequest(token: "s3cret-token", event: "Push Hook", body: Array("{not json".utf8))
        )
        #expect(verdict.status == 400)
        #expect(verdict.detail == "the body is not JSON")
        #expect(target.hints.isEmpty)
    }

    @Test func testReceive_anUnknownEventIs200IgnoredAndCounted() throws {
        let target = RecordingHookTarget()
        let labels = Mutex<[String]>([])
        let verdict = try receiver(target) { verdict in labels.withLock { $0.append(verdict.label) } }
            .receive(HookRequest(token: "s3cret-token", event: "Pipeline Hook", body: Array("{}".utf8)))
        #expect(verdict.status == 200)
        #expect(verdict.outcome == .unknownEvent)
        #expect(target.hints.isEmpty)
        #expect(labels.withLock { $0 } == ["unknown_event"])
    }

    @Test func testReceive_anUnwatchedProjectIs200WithItsOutcome() throws {
        let verdict = try receiver(RecordingHookTarget(answering: .unwatched)).receive(push())
        #expect(verdict.status == 200)
        #expect(verdict.label == "unwatched")
    }

    @Test func testReceive_aRepeatedIdempotencyKeyIsDroppedWithin10Minutes() throws {
        // Given a delivery, then GitLab's retry of it (same Idempotency-Key)
        let target = RecordingHookTarget()
        let receiver = try receiver(target)
        #expect(receiver.receive(push(key: "908a6d9e")).outcome == .accepted(.polled))
        clock.advance(30)
        // When the retry arrives
        let retry = receiver.receive(push(key: "908a6d9e"))
        // Then it is answered 200 but does not reach the engine again
        #expect(retry.status == 200)
        #expect(retry.outcome == .duplicate)
        #expect(target.hints.count == 1)
        // And after the window it counts as new
        clock.advance(600)
        #expect(receiver.receive(push(key: "908a6d9e")).outcome == .accepted(.polled))
    }

    @Test func testReceive_anEventUUIDDropsRepeatsOfTheSameHintOnly() throws {
        let target = RecordingHookTarget()
        let receiver = try receiver(target)
        _ = receiver.receive(push(uuid: "e-1"))
        #expect(receiver.receive(push(uuid: "e-1")).outcome == .duplicate)
        // One event (same UUID) can trigger hooks for another project: not a repeat
        let other = HookRequest(
            token: "s3cret-token",
            event: "Tag Push Hook",
            eventUUID: "e-1",
            body: Array(GitLabHookFixtures.tagPush.utf8)
        )
        #expect(receiver.receive(other).outcome == .accepted(.polled))
        #expect(target.hints.count == 2)
    }

    @Test func testReceive_withoutAnyKeyNothingIsDropped() throws {
        let target = RecordingHookTarget()
        let receiver = try receiver(target)
        for _ in 0..<3 { _ = receiver.receive(push()) }
        #expect(target.hints.count == 3)  // the engine coalesces the wakes (WatchEngine+HooksTests)
    }

    @Test func testReceive_neverLogsTheTokenOrTheBody_evenAtTrace() throws {
        // Given a receiver logging everything
        let lines = CapturingLogHandler.Lines()
        let receiver = try HookReceiver(
            token: Secret("s3cret-token"), instance: "gitlab.com", target: RecordingHookTarget(),
            repeats: HookRepeats(now: clock.now), logger: CapturingLogHandler.logger(lines)
        )

        // When a good hook, a forged one, a malformed one and a repeat arrive
        _ = receiver.receive(push(key: "k"))
        _ = receiver.receive(push(token: "forged-guess", key: "x"))
        _ = receiver.receive(HookRequest(token: "s3cret-token", event: "Push Hook", body: Array("{\"secret\": 1".utf8)))
        _ = receiver.receive(push(key: "k"))

        // Then each is logged with its outcome, the first refusal as a warning, but no token and no body
        let log = lines.all.joined(separator: "\n")
        #expect(lines.all.count == 4)
        #expect(lines.all.contains { $0.hasPrefix("warning a webhook was refused") })
        #expect(log.contains("outcome=polled") && log.contains("outcome=malformed") && log.contains("outcome=duplicate"))
        for secret in ["s3cret-token", "forged-guess", "Catalan", "John Smith", "\"secret\""] {
            #expect(!log.contains(secret), "the log shows \(secret)")
        }
    }
}
