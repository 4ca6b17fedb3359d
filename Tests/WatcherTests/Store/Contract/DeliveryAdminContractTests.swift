import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("State store contract: dead letters and re-delivery", .closesStores)
struct DeliveryAdminContractTests {

    /// Queues `ids` in project A for `sinks` and kills every delivery of `deadSink`.
    private func queueAndKill(
        _ store: any ContractStore, _ ids: [String], sinks: [String], deadSink: String
    ) async throws {
        _ = try await store.apply(Sample.change(events: ids.map { Sample.event($0) }, sinks: sinks))
        for delivery in try await store.deliveries(DeliveryFilter(sink: deadSink)) {
            try await store.record(
                DeliveryAttempt(at: Sample.time(1), outcome: .dead, httpStatus: 410, error: "HTTP 410"),
                forDelivery: delivery.id
            )
        }
    }

    @Test(arguments: StoreKind.available)
    func testRequeueDeadLetter_putsItBackFirstWithAttemptsResetAndHistoryKept(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a1 dead and a2 waiting behind it in the same project
        _ = try await store.apply(Sample.change(events: [Sample.event("a1"), Sample.event("a2")]))
        let a1 = try #require(try await store.nextDue(sink: "ops", now: Sample.time(0), limit: 1).first)
        try await store.record(
            DeliveryAttempt(at: Sample.time(1), outcome: .dead, httpStatus: 410, error: "HTTP 410"),
            forDelivery: a1.id
        )

        // When it is re-queued at t=100
        try await store.requeueDeadLetter(a1.id, now: Sample.time(100))

        // Then it is due from t=100, ahead of a2, with a fresh attempt count; its history is still there
        #expect(try await store.nextDue(sink: "ops", now: Sample.time(99), limit: 10).isEmpty)
        let due = try await store.nextDue(sink: "ops", now: Sample.time(100), limit: 10)
        #expect(due.map(\.event.id) == ["a1"])
        #expect(due[0].attempts == 0)
        #expect(try await store.attempts(AttemptFilter(deliveryID: a1.id)).count == 1)
        #expect(try await store.deliveries(DeliveryFilter(states: [.dead])).isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func testRequeueDeadLetter_notDeadOrUnknown_isRefused(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        _ = try await store.apply(Sample.change(events: [Sample.event("a1")]))
        let id = try #require(try await store.deliveries(DeliveryFilter()).first?.id)

        await #expect(throws: StateStoreError.notADeadLetter(id: id, state: .pending)) {
            try await store.requeueDeadLetter(id, now: Sample.time(0))
        }
        await #expect(throws: StateStoreError.unknownDelivery(77)) {
            try await store.requeueDeadLetter(77, now: Sample.time(0))
        }
    }

    @Test(arguments: StoreKind.available)
    func testRequeueDeadLetters_bySink_onlyTouchesThatSink(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        try await queueAndKill(store, ["a1", "a2"], sinks: ["ops", "chat"], deadSink: "ops")
        for delivery in try await store.deliveries(DeliveryFilter(sink: "chat")) {
            try await store.record(DeliveryAttempt(at: Sample.time(1), outcome: .dead), forDelivery: delivery.id)
        }

        #expect(try await store.requeueDeadLetters(sink: "ops", now: Sample.time(5)) == 2)
        #expect(try await store.deliveries(DeliveryFilter(states: [.dead])).map(\.sink) == ["chat", "chat"])
        #expect(try await store.deliveries(DeliveryFilter(sink: "ops")).map(\.state) == [.pending, .pending])

        #expect(try await store.requeueDeadLetters(sink: nil, now: Sample.time(5)) == 2)
        #expect(try await store.deliveries(DeliveryFilter(states: [.dead])).isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func testRedeliver_pastEvent_queuesANewDeliveryBehindWaitingOnes(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a1 delivered to ops and a2 still waiting
        _ = try await store.apply(Sample.change(events: [Sample.event("a1"), Sample.event("a2")]))
        let a1 = try #require(try await store.nextDue(sink: "ops", now: Sample.time(0), limit: 1).first)
        try await store.record(DeliveryAttempt(at: Sample.time(1), outcome: .delivered), forDelivery: a1.id)

        // When a1 is re-delivered to ops and to a sink it never went to
        let again = try await store.redeliver(eventID: "a1", to: "ops", now: Sample.time(50))
        _ = try await store.redeliver(eventID: "a1", to: "audit", now: Sample.time(50))

        // Then ops gets a2 first, then a1 again; audit gets a1
        #expect(try await store.nextDue(sink: "ops", now: Sample.time(50), limit: 10).map(\.event.id) == ["a2"])
        #expect(try await store.nextDue(sink: "audit", now: Sample.time(50), limit: 10).map(\.event.id) == ["a1"])
        let a1Deliveries = try await store.deliveries(DeliveryFilter(states: [], eventID: "a1"))
        #expect(a1Deliveries.map(\.sink) == ["ops", "ops", "audit"])
        #expect(a1Deliveries.map(\.state) == [.delivered, .pending, .pending])
        #expect(a1Deliveries[1].id == again)
    }

    @Test(arguments: StoreKind.available)
    func testRedeliver_keepsTheTemplateTheRulesChoseForThatSink(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a1 sent to ops with the template its rule chose
        let event = Sample.event("a1")
        _ = try await store.apply(
            StateChange(
                at: Sample.time(0), projects: [Sample.record(Sample.projectA)],
                events: [
                    PlannedEvent(
                        event: event,
                        deliveries: [
                            PlannedDelivery(
                                sink: "ops", rule: "short-pushes", template: "short", notBefore: event.createdAt
                            )
                        ]
                    )
                ]
            )
        )
        let first = try #require(try await store.nextDue(sink: "ops", now: Sample.time(0), limit: 1).first)
        try await store.record(DeliveryAttempt(at: Sample.time(1), outcome: .delivered), forDelivery: first.id)

        // When it is re-delivered to ops, and to a sink it never went to
        _ = try await store.redeliver(eventID: "a1", to: "ops", now: Sample.time(50))
        _ = try await store.redeliver(eventID: "a1", to: "audit", now: Sample.time(50))

        // Then ops renders it with that template again; audit with its own
        let ops = try await store.nextDue(sink: "ops", now: Sample.time(50), limit: 10)
        #expect(ops.map(\.template) == ["short"])
        let audit = try await store.nextDue(sink: "audit", now: Sample.time(50), limit: 10)
        #expect(audit.map(\.template) == [nil])
    }

    @Test(arguments: StoreKind.available)
    func testRedeliver_unknownEventOrBadSink_isRefused(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        _ = try await store.apply(Sample.change(events: [Sample.event("a1")]))

        await #expect(throws: StateStoreError.unknownEvent("nope")) {
            try await store.redeliver(eventID: "nope", to: "ops", now: Sample.time(0))
        }
        await #expect(throws: StateStoreError.invalidSinkName("\"two words\"")) {
            try await store.redeliver(eventID: "a1", to: "two words", now: Sample.time(0))
        }
    }
}
