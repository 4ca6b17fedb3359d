import Foundation
import Logging
import Notifier
import Synchronization

/// Decides what one webhook request amounts to — the listener's every security rule in one place, free of HTTP:
///
/// ```text
/// X-Gitlab-Token (constant time) ─ wrong: 401
///   body over the limit ─ 413 (checked by the listener while reading)
///   X-Gitlab-Event not one glwatch reads ─ 200, ignored, counted
///   body not a JSON object / no project_id ─ 400
///   Idempotency-Key (else event UUID + hint) seen within the window ─ 200, dropped
///   hint ─ the engine (wake the project or discovery) ─ 200
/// ```
///
/// Never logs the token or the body; each verdict goes to `record` (metrics) and to the debug log.
package final class HookReceiver: Sendable {
    /// The instance (engine client name) whose project ids hooks carry.
    let instance: String
    private let token: Secret
    private let target: any HookTarget
    private let repeats: HookRepeats
    private let logger: Logger
    private let record: @Sendable (HookVerdict) -> Void
    private let warnedToken = Mutex(false)

    /// Creates a receiver for hooks from `instance`, sending hints to `target`.
    ///
    /// - throws: `HookListenerError.noToken` when `token` is empty: a listener anybody can wake is refused.
    package init(
        token: Secret,
        instance: String,
        target: any HookTarget,
        repeats: HookRepeats,
        logger: Logger,
        record: @escaping @Sendable (HookVerdict) -> Void = { _ in }
    ) throws(HookListenerError) {
        guard !token.reveal().isEmpty else { throw .noToken }
        self.token = token
        self.instance = instance
        self.target = target
        self.repeats = repeats
        self.logger = logger
        self.record = record
    }

    /// Whether `given` is the secret token; compared in time independent of where a guess first differs.
    func authorizes(_ given: String?) -> Bool {
        OperationsAuth.constantTimeEquals(Array((given ?? "").utf8), Array(token.reveal().utf8))
    }

    /// A request turned away before its body was read (token, size): recorded like any other verdict.
    func reject(_ reason: HookVerdict.Rejection) -> HookVerdict {
        finish(HookVerdict(outcome: .rejected(reason)))
    }

    /// Decides an authorized request whose body was read whole.
    func receive(_ request: HookRequest) -> HookVerdict {
        guard authorizes(request.token) else { return reject(.token) }
        let parsed: HookPayload.Parsed
        do {
            parsed = try HookPayload.parse(event: request.event, body: request.body)
        } catch {
            return finish(HookVerdict(outcome: .rejected(.malformed), detail: error.description))
        }
        guard case .hint(let hint) = parsed else { return finish(HookVerdict(outcome: .unknownEvent)) }
        if let key = Self.repeatKey(request, hint: hint), repeats.isRepeat(key) {
            return finish(HookVerdict(outcome: .duplicate, hint: hint))
        }
        return finish(HookVerdict(outcome: .accepted(target.hint(hint, instance: instance)), hint: hint))
    }

    /// The key a repeat shares with its first delivery: `Idempotency-Key` (stable across GitLab's retries), else
    /// the event UUID with the hint (one event can trigger several hooks for different projects); `nil` without
    /// either (never dropped).
    static func repeatKey(_ request: HookRequest, hint: HookHint) -> String? {
        if let key = request.idempotencyKey, !key.isEmpty { return "key:\(key)" }
        if let uuid = request.eventUUID, !uuid.isEmpty { return "event:\(uuid):\(hint)" }
        return nil
    }

    private func finish(_ verdict: HookVerdict) -> HookVerdict {
        record(verdict)
        let firstRefusal =
            verdict.outcome == .rejected(.token)
            && warnedToken.withLock { warned in
                defer { warned = true }
                return !warned
            }
        if firstRefusal {
            logger.warning(
                "a webhook was refused: its X-Gitlab-Token is missing or wrong (further refusals are logged at debug)",
                metadata: ["instance": "\(instance)"]
            )
        } else {
            var metadata: Logger.Metadata = ["instance": "\(instance)", "outcome": "\(verdict.label)"]
            if let hint = verdict.hint { metadata["hint"] = "\(hint)" }
            if let detail = verdict.detail { metadata["problem"] = "\(detail)" }
            logger.debug("webhook", metadata: metadata)
        }
        return verdict
    }
}
