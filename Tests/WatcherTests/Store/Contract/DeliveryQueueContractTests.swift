import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("State store contract: as the notifier's DeliveryQueue", .closesStores)
struct DeliveryQueueContractTests {

    /// Applies events in order, each planned for `sinks`, and returns their ids.
    private func queue(
        _ store: any ContractStore,
        _ events: [OutboxEvent],
        sinks: [String] = ["ops"],
        groupKey: String? = nil
    ) async throws {
        _ = try await store.apply(Sample.change(events: events, sinks: sinks, groupKey: groupKey))
    }

    private func due(
        _ store: any ContractStore, _ sink: String = "ops", at seconds: TimeInterval, limit: Int = 100
    ) async throws -> [String] {
        try await store.nextDue(sink: sink, now: Sample.time(seconds), limit: limit).map(\.event.id)
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_severalProjects_onlyEachProjectsOldestOldestFirst(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a1, b1, a2 queued in that order
        try await queue(store, [
            Sample.event("a1", project: Sample.projectA, at: 1), Sample.event("b1", project: Sample.projectB, at: 2),
            Sample.event("a2", project: Sample.projectA, at: 3),
        ])

        // Then only the heads of line are due: a1 and b1, oldest first
        #expect(try await due(store, at: 10) == ["a1", "b1"])

        // When a1 is delivered, a2 moves up
        let a1 = try #require(try await store.nextDue(sink: "ops", now: Sample.time(10), limit: 1).first)
        #expect(a1.event == Sample.event("a1", project: Sample.projectA, at: 1))
        #expect(a1.attempts == 0 && a1.sink == "ops" && a1.groupKey == nil)
        try await store.record(
            DeliveryAttempt(at: Sample.time(10), outcome: .delivered, httpStatus: 200),
            forDelivery: a1.id
        )
        #expect(try await due(store, at: 10) == ["b1", "a2"])
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_beforeNotBefore_returnsNothingAndNextDueDateSaysWhen(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        try await queue(store, [Sample.event("a1", at: 100), Sample.event("b1", project: Sample.projectB, at: 50)])

        #expect(try await due(store, at: 49).isEmpty)
        #expect(try await store.nextDueDate(sink: "ops") == Sample.time(50))
        #expect(try await due(store, at: 50) == ["b1"])
        #expect(try await due(store, at: 100) == ["a1", "b1"])
        #expect(try await store.nextDueDate(sink: "other") == nil)
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_headBeingRetried_blocksItsProjectButNotOthers(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a1, a2 in project A and b1 in B; a1 failed and is retried at t=60
        try await queue(store, [
            Sample.event("a1", at: 0), Sample.event("a2", at: 1), Sample.event("b1", project: Sample.projectB, at: 2),
        ])
        let a1 = try #require(try await store.nextDue(sink: "ops", now: Sample.time(5), limit: 1).first)
        try await store.record(
            DeliveryAttempt(
                at: Sample.time(5),
                outcome: .retry(at: Sample.time(60)),
                httpStatus: 503,
                error: "HTTP 503"
            ),
            forDelivery: a1.id
        )

        // Then a2 waits behind a1 although it is due, b1 goes ahead
        #expect(try await due(store, at: 10) == ["b1"])
        #expect(try await store.nextDueDate(sink: "ops") == Sample.time(2))
        // And at t=60 a1 comes back first, with its attempt count
        let retried = try await store.nextDue(sink: "ops", now: Sample.time(60), limit: 10)
        #expect(retried.map(\.event.id) == ["a1", "b1"])
        #expect(retried[0].attempts == 1)
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_deadHead_unblocksItsProject(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        try await queue(store, [Sample.event("a1", at: 0), Sample.event("a2", at: 1)])
        let a1 = try #require(try await store.nextDue(sink: "ops", now: Sample.time(5), limit: 1).first)

        try await store.record(
            DeliveryAttempt(at: Sample.time(5), outcome: .dead, httpStatus: 404, error: "HTTP 404: no such webhook"),
            forDelivery: a1.id
        )

        #expect(try await due(store, at: 5) == ["a2"])
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_sinksAreIndependent(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        try await queue(store, [Sample.event("a1", at: 0), Sample.event("a2", at: 1)], sinks: ["ops", "chat"])
        let ops = try #require(try await store.nextDue(sink: "ops", now: Sample.time(5), limit: 1).first)
        try await store.record(DeliveryAttempt(at: Sample.time(5), outcome: .delivered), forDelivery: ops.id)

        #expect(try await due(store, "ops", at: 5) == ["a2"])
        #expect(try await due(store, "chat", at: 5) == ["a1"])
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_groupKey_bringsTheWholeGroupTogether(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a digest group of a1, a2 (project A) and b1 (project B), then an ungrouped a3
        try await queue(store, 
            [
                Sample.event("a1", at: 0), Sample.event("b1", project: Sample.projectB, at: 1),
                Sample.event("a2", at: 2),
            ],
            groupKey: "digest-1"
        )
        try await queue(store, [Sample.event("a3", at: 3)])

        // Then the group comes out together, in queue order, and a3 waits behind a2
        let group = try await store.nextDue(sink: "ops", now: Sample.time(10), limit: 10)
        #expect(group.map(\.event.id) == ["a1", "b1", "a2"])
        #expect(group.allSatisfy { $0.groupKey == "digest-1" })

        // When the group is delivered, a3 follows
        for delivery in group {
            try await store.record(DeliveryAttempt(at: Sample.time(10), outcome: .delivered), forDelivery: delivery.id)
        }
        #expect(try await due(store, at: 10) == ["a3"])
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_groupDueWhenItsOldestIs_evenIfAnotherMemberIsLater(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a group whose B member is planned later than its A member (both heads of their projects)
        _ = try await store.apply(
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA), Sample.record(Sample.projectB)],
                events: [
                    PlannedEvent(
                        event: Sample.event("a1"),
                        deliveries: [
                            PlannedDelivery(sink: "ops", rule: "digest", groupKey: "g", notBefore: Sample.time(10))
                        ]
                    ),
                    PlannedEvent(
                        event: Sample.event("b1", project: Sample.projectB),
                        deliveries: [
                            PlannedDelivery(sink: "ops", rule: "digest", groupKey: "g", notBefore: Sample.time(20))
                        ]
                    ),
                ]
            )
        )

        #expect(try await due(store, at: 9).isEmpty)
        #expect(try await due(store, at: 10) == ["a1", "b1"])
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_groupMemberBehindAnotherDelivery_waitsItsTurn(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given project B has an ungrouped b0 ahead of grouped b1, and a1 is in the same group as b1
        try await queue(store, [Sample.event("b0", project: Sample.projectB, at: 0)])
        try await queue(store, 
            [Sample.event("a1", at: 1), Sample.event("b1", project: Sample.projectB, at: 2)],
            groupKey: "g"
        )

        // Then b1 is not pulled ahead of b0: the group goes out without it
        #expect(try await due(store, at: 10) == ["b0", "a1"])
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_limit_isRespectedWithoutSplittingAGroup(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given ungrouped heads in projects A and B, and a group of two queued between them in project C
        let projectC = ProjectKey(instance: "gitlab.example.com", id: 303)
        _ = try await store.apply(
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA), Sample.record(Sample.projectB), Sample.record(projectC)]
            )
        )
        try await queue(store, [Sample.event("a1", at: 0)])
        try await queue(store, 
            [Sample.event("c1", project: projectC, at: 1), Sample.event("c2", project: projectC, at: 2)],
            groupKey: "g"
        )
        try await queue(store, [Sample.event("b1", project: Sample.projectB, at: 3)])

        // Then a limit of 2 stops before the group rather than splitting it
        #expect(try await due(store, at: 10, limit: 2) == ["a1"])
        #expect(try await due(store, at: 10, limit: 3) == ["a1", "c1", "c2"])
        #expect(try await due(store, at: 10, limit: 4) == ["a1", "c1", "c2", "b1"])
        #expect(try await due(store, at: 10, limit: 0).isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func testNextDue_groupLargerThanLimit_isSplitOldestFirst(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        try await queue(store, (1...5).map { Sample.event("a\($0)", at: TimeInterval($0)) }, groupKey: "g")

        #expect(try await due(store, at: 10, limit: 3) == ["a1", "a2", "a3"])
    }

    @Test(arguments: StoreKind.available)
    func testRecord_eachOutcome_updatesTheDeliveryAndKeepsHistory(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        try await queue(store, [Sample.event("a1")])
        let id = try #require(try await store.nextDue(sink: "ops", now: Sample.time(0), limit: 1).first?.id)

        try await store.record(
            DeliveryAttempt(
                at: Sample.time(1),
                outcome: .retry(at: Sample.time(31)),
                httpStatus: 429,
                error: "HTTP 429"
            ),
            forDelivery: id
        )
        var delivery = try #require(try await store.deliveries(DeliveryFilter(states: [])).first)
        #expect(delivery.state == .failed && delivery.attempts == 1 && delivery.nextAttemptAt == Sample.time(31))
        #expect(delivery.lastError == "HTTP 429" && delivery.lastHTTPStatus == 429)

        try await store.record(
            DeliveryAttempt(at: Sample.time(31), outcome: .delivered, httpStatus: 204),
            forDelivery: id
        )
        delivery = try #require(try await store.deliveries(DeliveryFilter(states: [])).first)
        #expect(delivery.state == .delivered && delivery.attempts == 2 && delivery.deliveredAt == Sample.time(31))

        let history = try await store.attempts(AttemptFilter(deliveryID: id))
        #expect(
            history.map(\.attempt) == [
                DeliveryAttempt(at: Sample.time(31), outcome: .delivered, httpStatus: 204),
                DeliveryAttempt(
                    at: Sample.time(1),
                    outcome: .retry(at: Sample.time(31)),
                    httpStatus: 429,
                    error: "HTTP 429"
                ),
            ]
        )
        #expect(history.allSatisfy { $0.sink == "ops" && $0.eventID == "a1" && $0.deliveryID == id })
    }

    @Test(arguments: StoreKind.available)
    func testRecord_dead_movesToDeadLettersWithTheReason(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        try await queue(store, [Sample.event("a1")])
        let id = try #require(try await store.nextDue(sink: "ops", now: Sample.time(0), limit: 1).first?.id)

        try await store.record(
            DeliveryAttempt(at: Sample.time(1), outcome: .dead, httpStatus: 400, error: "HTTP 400: invalid payload"),
            forDelivery: id
        )

        let dead = try await store.deliveries(DeliveryFilter(states: [.dead]))
        #expect(dead.map(\.id) == [id])
        #expect(dead[0].lastError == "HTTP 400: invalid payload" && dead[0].deadAt == Sample.time(1))
        #expect(try await store.nextDueDate(sink: "ops") == nil)
    }

    @Test(arguments: StoreKind.available)
    func testRecord_unknownOrFinishedDelivery_isRefused(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        try await queue(store, [Sample.event("a1")])
        let id = try #require(try await store.nextDue(sink: "ops", now: Sample.time(0), limit: 1).first?.id)
        try await store.record(DeliveryAttempt(at: Sample.time(1), outcome: .delivered), forDelivery: id)

        await #expect(throws: StateStoreError.deliveryNotWaiting(id: id, state: .delivered)) {
            try await store.record(DeliveryAttempt(at: Sample.time(2), outcome: .delivered), forDelivery: id)
        }
        await #expect(throws: StateStoreError.unknownDelivery(4242)) {
            try await store.record(DeliveryAttempt(at: Sample.time(2), outcome: .delivered), forDelivery: 4242)
        }
        #expect(try await store.attempts(AttemptFilter()).count == 1)
    }
}
