import Foundation
import Notifier

/// A `DeliveryQueue` in memory with the store's ordering rules, for tests: per sink and project only the
/// oldest pending delivery is eligible, once its next-attempt time has come; deliveries sharing its group
/// key come with it.
actor InMemoryDeliveryQueue: DeliveryQueue {
    enum State: Equatable {
        case pending
        case delivered
        case dead
    }

    struct Row {
        var delivery: QueuedDelivery
        var nextAttempt: Date
        var state: State
        var history: [DeliveryAttempt]
    }

    private(set) var rows: [Row] = []
    private var nextID: Int64 = 1
    /// Makes the next `record` calls throw, as a crash between sending and recording would lose them.
    private var failingRecords = 0

    /// Queues deliveries for an event the way the store does after routing.
    @discardableResult
    func enqueue(_ event: WatchEvent, plans: [PlannedDelivery], createdAt: Date? = nil) throws -> [Int64] {
        let outbox = try event.outboxEvent(createdAt: createdAt)
        return plans.map { plan in
            let id = nextID
            nextID += 1
            rows.append(
                Row(
                    delivery: QueuedDelivery(
                        id: id,
                        sink: plan.sink,
                        event: outbox,
                        attempts: 0,
                        groupKey: plan.groupKey,
                        template: plan.template
                    ),
                    nextAttempt: plan.notBefore,
                    state: .pending,
                    history: []
                )
            )
            return id
        }
    }

    /// Queues one immediate delivery of an event to a sink.
    @discardableResult
    func enqueue(_ event: WatchEvent, sink: String, notBefore: Date? = nil, groupKey: String? = nil) throws -> Int64 {
        try enqueue(
            event,
            plans: [
                PlannedDelivery(
                    sink: sink,
                    rule: "test",
                    groupKey: groupKey,
                    notBefore: notBefore ?? event.occurredAt
                )
            ]
        )[0]
    }

    /// Queues a delivery of an outbox row as the store has it (even one whose payload does not decode).
    @discardableResult
    func enqueue(raw event: OutboxEvent, sink: String, template: String? = nil) -> Int64 {
        let id = nextID
        nextID += 1
        rows.append(
            Row(
                delivery: QueuedDelivery(
                    id: id,
                    sink: sink,
                    event: event,
                    attempts: 0,
                    groupKey: nil,
                    template: template
                ),
                nextAttempt: event.createdAt,
                state: .pending,
                history: []
            )
        )
        return id
    }

    func failNextRecords(_ count: Int) {
        failingRecords = count
    }

    func nextDue(sink: String, now: Date, limit: Int) async throws -> [QueuedDelivery] {
        var heads: [String: Row] = [:]
        for row in rows where row.delivery.sink == sink && row.state == .pending {
            let project = row.delivery.event.projectKey
            if heads[project] == nil { heads[project] = row }  // rows are in id order: the first is the oldest
        }
        var due: [QueuedDelivery] = []
        for head in heads.values.sorted(by: { $0.delivery.id < $1.delivery.id }) where head.nextAttempt <= now {
            due.append(head.delivery)
            if let key = head.delivery.groupKey {
                due += rows.filter {
                    $0.state == .pending && $0.delivery.sink == sink && $0.delivery.groupKey == key
                        && $0.delivery.id != head.delivery.id
                }.map(\.delivery)
            }
        }
        return Array(due.prefix(limit))
    }

    func record(_ attempt: DeliveryAttempt, forDelivery id: Int64) async throws {
        if failingRecords > 0 {
            failingRecords -= 1
            throw CocoaError(.fileWriteUnknown)
        }
        guard let index = rows.firstIndex(where: { $0.delivery.id == id }) else { return }
        rows[index].history.append(attempt)
        rows[index].delivery.attempts += 1
        switch attempt.outcome {
        case .delivered: rows[index].state = .delivered
        case .dead: rows[index].state = .dead
        case .retry(let at): rows[index].nextAttempt = at
        }
    }

    func nextDueDate(sink: String) async throws -> Date? {
        var heads: [String: Row] = [:]
        for row in rows where row.delivery.sink == sink && row.state == .pending {
            let project = row.delivery.event.projectKey
            if heads[project] == nil { heads[project] = row }
        }
        return heads.values.map(\.nextAttempt).min()
    }

    // MARK: Inspection

    func state(of id: Int64) -> State? { rows.first { $0.delivery.id == id }?.state }

    func history(of id: Int64) -> [DeliveryAttempt] { rows.first { $0.delivery.id == id }?.history ?? [] }

    func count(_ state: State) -> Int { rows.filter { $0.state == state }.count }
}
