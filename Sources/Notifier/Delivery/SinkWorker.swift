import Foundation
import Logging
import RxCore
import Synchronization

/// Delivers one sink's due deliveries, in order per project: rate-limited, behind a circuit breaker,
/// recording every attempt in the queue (the queue is the truth, so a crash loses nothing: whatever was not
/// recorded as delivered is simply attempted again).
///
/// The order of work for each message is written here once: breaker → rate limit → decode → render → send →
/// record. All time comes from the injected scheduler, all randomness from the injected source.
public actor SinkWorker {
    /// The sink.
    public nonisolated let sink: any Sink
    private let queue: any DeliveryQueue
    private let templates: [String: MessageTemplate]
    private let policy: DeliveryPolicy
    private let scheduler: any SchedulerType
    private let random: any RandomSource
    private let logger: Logger
    private var breaker: CircuitBreaker {
        didSet { published.withLock { $0 = breaker.state } }
    }
    private var bucket: TokenBucket
    private let published = Mutex(CircuitBreaker.State.closed(failures: 0))
    private let current = Mutex(SinkActivity.idle)

    /// Creates a worker.
    ///
    /// - parameter templates: Templates rules may name (`QueuedDelivery.template`).
    public init(
        sink: any Sink,
        queue: any DeliveryQueue,
        templates: [String: MessageTemplate] = [:],
        policy: DeliveryPolicy = DeliveryPolicy(),
        scheduler: any SchedulerType,
        random: any RandomSource = SystemRandomSource(),
        logger: Logger = Logger(label: "glwatch.delivery")
    ) {
        self.sink = sink
        self.queue = queue
        self.templates = templates
        self.policy = policy
        self.scheduler = scheduler
        self.random = random
        self.logger = logger
        self.breaker = CircuitBreaker(policy: policy.breaker)
        self.bucket = TokenBucket(limit: policy.rateLimit)
    }

    /// The circuit breaker's state, for status output.
    public var breakerState: CircuitBreaker.State { breaker.state }

    /// The circuit breaker's state as of its last change, readable at once from anywhere (the status page) without
    /// waiting for the worker, which may be in the middle of a send.
    public nonisolated var breakerSnapshot: CircuitBreaker.State { published.withLock { $0 } }

    /// What the worker is doing now, readable at once from anywhere (a stop that takes long names it).
    public nonisolated var activity: SinkActivity { current.withLock { $0 } }

    private func enter(_ phase: SinkActivity.Phase, message: String? = nil) {
        let activity = SinkActivity(phase: phase, since: scheduler.now, message: message)
        current.withLock { $0 = activity }
    }

    /// Delivers everything due now, and says when to look again.
    public func deliverDue() async -> DeliveryPass {
        var pass = DeliveryPass(sink: sink.name)
        enter(.reading)
        defer { enter(.idle) }
        var attempted = Set<Int64>()
        do {
            while true {
                let now = scheduler.now
                if let reopens = breaker.reopensAt, now < reopens {
                    pass.nextWake = reopens
                    pass.pausedBecause = "circuit open"
                    return pass
                }
                let due = try await queue.nextDue(sink: sink.name, now: now, limit: policy.batchSize)
                    .filter { !attempted.contains($0.id) }  // never twice in one pass, whatever the queue does
                if due.isEmpty { break }
                for group in Self.groups(due) {
                    // Breaker first (without changing it), then the rate limit, then let the breaker admit
                    // the attempt: a half-open breaker must only ever be waiting on an attempt in flight.
                    if let reopens = breaker.reopensAt, scheduler.now < reopens {
                        pass.nextWake = reopens
                        pass.pausedBecause = "circuit open"
                        return pass
                    }
                    if let wait = bucket.take(at: scheduler.now) {
                        pass.nextWake = wait
                        pass.pausedBecause = "rate limited"
                        return pass
                    }
                    guard breaker.allowsAttempt(at: scheduler.now) else {
                        pass.nextWake = breaker.reopensAt ?? scheduler.now.addingTimeInterval(1)
                        pass.pausedBecause = "circuit open"
                        return pass
                    }
                    attempted.formUnion(group.map(\.id))
                    try await attempt(group, pass: &pass)
                }
            }
            let next = try await queue.nextDueDate(sink: sink.name)
            // A date not after now, with nothing due, must not make the caller spin.
            pass.nextWake = next.map { max($0, scheduler.now.addingTimeInterval(1)) }
        } catch {
            logger.error("delivery queue failed", metadata: ["sink": "\(sink.name)", "error": "\(error)"])
            pass.pausedBecause = "queue error: \(error)"
            pass.nextWake = scheduler.now.addingTimeInterval(policy.retry.initialDelay)
        }
        return pass
    }

    /// One message: a single delivery, or the deliveries of one digest group.
    private func attempt(_ deliveries: [QueuedDelivery], pass: inout DeliveryPass) async throws {
        let started = scheduler.now
        var events: [WatchEvent] = []
        var members: [QueuedDelivery] = []
        for delivery in deliveries {
            do {
                events.append(try WatchEvent(outbox: delivery.event))
                members.append(delivery)
            } catch {
                try await record(.dead, for: [delivery], at: started, error: "cannot decode the event: \(error)")
                pass.dead += 1
            }
        }
        guard !members.isEmpty else { return }
        let batch = DeliveryBatch(events: events, template: template(for: members[0]))
        let message: SinkMessage
        do {
            message = try sink.makeMessage(for: batch, at: started)
        } catch {
            try await record(.dead, for: members, at: started, error: "cannot build the message: \(error)")
            pass.dead += members.count
            return
        }
        enter(.sending, message: message.id)
        let result = await sink.send(message)
        enter(.recording, message: message.id)
        defer { enter(.reading) }
        let finished = scheduler.now
        switch result {
        case .delivered(let status):
            breaker.recordSuccess()
            try await recordAcknowledged(members, at: started, status: status, message: message.id)
            pass.delivered += members.count
            logger.debug("delivered", metadata: ["sink": "\(sink.name)", "message": "\(message.id)"])
        case .failed(let failure) where !failure.retryable:
            breaker.recordSuccess()
            try await record(.dead, for: members, at: started, status: failure.httpStatus, error: failure.reason)
            pass.dead += members.count
            logger.warning(
                "delivery failed permanently",
                metadata: ["sink": "\(sink.name)", "message": "\(message.id)", "error": "\(failure)"]
            )
        case .failed(let failure):
            breaker.recordFailure(at: finished)
            let attempts = (members.map(\.attempts).max() ?? 0) + 1
            let delay = policy.retry.delay(
                afterAttempts: attempts,
                retryAfter: failure.retryAfter,
                now: finished,
                random: random.nextUnit()
            )
            if failure.httpStatus == 429 { bucket.pause(until: finished.addingTimeInterval(delay)) }
            let retryAt = finished.addingTimeInterval(max(delay, 0.001))
            let oldest = members.map(\.event.createdAt).min() ?? started
            if let limit = policy.retry.giveUpAfter, retryAt > oldest.addingTimeInterval(limit) {
                let reason =
                    "gave up after \(attempts) attempts over \(DurationParser.format(limit)): \(failure.reason)"
                try await record(.dead, for: members, at: started, status: failure.httpStatus, error: reason)
                pass.dead += members.count
            } else {
                try await record(
                    .retry(at: retryAt),
                    for: members,
                    at: started,
                    status: failure.httpStatus,
                    error: failure.reason
                )
                pass.retried += members.count
            }
            logger.info(
                "delivery failed, will retry",
                metadata: ["sink": "\(sink.name)", "message": "\(message.id)", "error": "\(failure)"]
            )
        }
    }

    /// Records a send the sink acknowledged, trying again while the queue fails (a database restarting): an
    /// acknowledged delivery the queue did not record is sent again (at-least-once, the same id), so a few seconds of
    /// patience spare the receiver a second copy after a short outage. Waits 0.5, 1, 2 and 4 s of real time (the
    /// queue's outage is real, whatever the scheduler says), then throws the last error; cancellation ends it at once.
    private func recordAcknowledged(
        _ members: [QueuedDelivery], at started: Date, status: Int?, message: String
    ) async throws {
        var waits = Self.acknowledgedRecordWaits[...]
        while true {
            do {
                return try await record(.delivered, for: members, at: started, status: status)
            } catch {
                guard let wait = waits.popFirst(), !Task.isCancelled else { throw error }
                logger.warning(
                    "could not record an acknowledged delivery; trying again",
                    metadata: ["sink": "\(sink.name)", "message": "\(message)", "error": "\(error)"]
                )
                do {
                    try await Task.sleep(for: wait)
                } catch {
                    throw CancellationError()
                }
            }
        }
    }

    /// The waits before each new try of recording an acknowledged delivery (`recordAcknowledged`).
    public static let acknowledgedRecordWaits: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4)]

    private func record(
        _ outcome: DeliveryAttempt.Outcome,
        for deliveries: [QueuedDelivery],
        at time: Date,
        status: Int? = nil,
        error: String? = nil
    ) async throws {
        for delivery in deliveries {
            try await queue.record(
                DeliveryAttempt(at: time, outcome: outcome, httpStatus: status, error: error),
                forDelivery: delivery.id
            )
        }
    }

    private func template(for delivery: QueuedDelivery) -> MessageTemplate? {
        guard let name = delivery.template else { return nil }
        if let template = templates[name] { return template }
        logger.warning(
            "template not found, using the sink's own",
            metadata: ["sink": "\(sink.name)", "template": "\(name)"]
        )
        return nil
    }

    /// Splits due deliveries into messages: one per delivery, except those sharing a group key, which go
    /// together (in the queue's order, at the position of the group's first member).
    static func groups(_ deliveries: [QueuedDelivery]) -> [[QueuedDelivery]] {
        var groups: [[QueuedDelivery]] = []
        var indexByKey: [String: Int] = [:]
        for delivery in deliveries {
            if let key = delivery.groupKey, let index = indexByKey[key] {
                groups[index].append(delivery)
            } else {
                if let key = delivery.groupKey { indexByKey[key] = groups.count }
                groups.append([delivery])
            }
        }
        return groups
    }
}
