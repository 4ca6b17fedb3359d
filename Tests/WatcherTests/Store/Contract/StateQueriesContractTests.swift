import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("State store contract: queries for the CLI and metrics", .closesStores)
struct StateQueriesContractTests {
    /// A fresh store of `kind` holding the suite's sample state.
    private static func seeded(_ kind: StoreKind) async throws -> any ContractStore {
        let store = try await kind.open()
        // Project A: a1 (commits.new, t=10), a2 (branch.created, t=20); project B: b1 (commits.new, t=30).
        // Each for ops and chat; A is unreachable.
        var change = Sample.change(
            events: [
                Sample.event("a1", at: 10), Sample.event("a2", type: "branch.created", at: 20),
                Sample.event("b1", project: Sample.projectB, at: 30),
            ],
            sinks: ["ops", "chat"]
        )
        change.projects[0].status = .unreachable
        change.projects[0].consecutiveFailures = 4
        change.heads = [
            .set(project: Sample.projectA, branch: "main", sha: Sample.sha(1)),
            .set(project: Sample.projectB, branch: "main", sha: Sample.sha(2)),
        ]
        _ = try await store.apply(change)
        return store
    }

    @Test(arguments: StoreKind.available)
    func testProjectStates_listsEveryProjectWithHeadsAndFailures(_ kind: StoreKind) async throws {
        let store = try await Self.seeded(kind)
        let states = try await store.projectStates()
        #expect(states.map(\.record.key) == [Sample.projectA, Sample.projectB])
        #expect(states[0].record.status == .unreachable && states[0].record.consecutiveFailures == 4)
        #expect(states.map { $0.head(of: "main") } == [Sample.sha(1), Sample.sha(2)])
    }

    @Test(arguments: StoreKind.available)
    func testRecentEvents_filters(_ kind: StoreKind) async throws {
        let store = try await Self.seeded(kind)
        #expect(try await store.recentEvents(EventFilter()).map(\.event.id) == ["b1", "a2", "a1"])
        #expect(try await store.recentEvents(EventFilter(limit: 1)).map(\.event.id) == ["b1"])
        #expect(
            try await store.recentEvents(EventFilter(projectKey: Sample.projectA.description)).map(\.event.id)
                == ["a2", "a1"]
        )
        #expect(try await store.recentEvents(EventFilter(types: ["commits.new"])).map(\.event.id) == ["b1", "a1"])
        #expect(try await store.recentEvents(EventFilter(since: Sample.time(20))).map(\.event.id) == ["b1", "a2"])
        #expect(
            try await store.recentEvents(
                EventFilter(projectKey: Sample.projectA.description, types: ["commits.new", "branch.deleted"])
            ).map(\.event.id) == ["a1"]
        )
    }

    @Test(arguments: StoreKind.available)
    func testDeliveries_filterBySinkStateAndEvent(_ kind: StoreKind) async throws {
        let store = try await Self.seeded(kind)
        let b1Ops = try #require(try await store.nextDue(sink: "ops", now: Sample.time(30), limit: 10).last)
        try await store.record(
            DeliveryAttempt(at: Sample.time(31), outcome: .dead, error: "HTTP 404"),
            forDelivery: b1Ops.id
        )

        #expect(try await store.deliveries(DeliveryFilter(sink: "ops")).map(\.eventID) == ["a1", "a2"])
        #expect(try await store.deliveries(DeliveryFilter(sink: "chat")).map(\.eventID) == ["a1", "a2", "b1"])
        let dead = try await store.deliveries(DeliveryFilter(states: [.dead]))
        #expect(dead.map(\.eventID) == ["b1"])
        #expect(dead[0].eventType == "commits.new" && dead[0].projectKey == Sample.projectB.description)
        #expect(try await store.deliveries(DeliveryFilter(states: [], eventID: "a2")).map(\.sink) == ["ops", "chat"])
        #expect(try await store.deliveries(DeliveryFilter(limit: 2)).count == 2)
    }

    @Test(arguments: StoreKind.available)
    func testAttempts_filterBySinkEventAndTime(_ kind: StoreKind) async throws {
        let store = try await Self.seeded(kind)
        for (sink, seconds) in [("ops", 40.0), ("chat", 50.0)] {
            let head = try #require(try await store.nextDue(sink: sink, now: Sample.time(seconds), limit: 1).first)
            try await store.record(
                DeliveryAttempt(at: Sample.time(seconds), outcome: .delivered, httpStatus: 200),
                forDelivery: head.id
            )
        }

        #expect(try await store.attempts(AttemptFilter()).map(\.sink) == ["chat", "ops"])
        #expect(try await store.attempts(AttemptFilter(sink: "ops")).map(\.attempt.at) == [Sample.time(40)])
        #expect(try await store.attempts(AttemptFilter(eventID: "a1")).count == 2)
        #expect(try await store.attempts(AttemptFilter(eventID: "b1")).isEmpty)
        #expect(try await store.attempts(AttemptFilter(since: Sample.time(45))).map(\.sink) == ["chat"])
    }

    @Test(arguments: StoreKind.available)
    func testMetrics_countQueueDepthDeadLettersEventsAndProjects(_ kind: StoreKind) async throws {
        let store = try await Self.seeded(kind)
        let a1 = try #require(try await store.nextDue(sink: "ops", now: Sample.time(30), limit: 1).first)
        try await store.record(DeliveryAttempt(at: Sample.time(31), outcome: .dead), forDelivery: a1.id)

        let metrics = try await store.metrics()
        #expect(metrics.queueDepth == ["ops": 2, "chat": 3])
        #expect(metrics.deadLetters == ["ops": 1])
        #expect(metrics.oldestWaiting == ["ops": Sample.time(0), "chat": Sample.time(0)])
        #expect(metrics.eventsByType == ["commits.new": 2, "branch.created": 1])
        #expect(metrics.projectsByStatus == [.unreachable: 1, .active: 1])
    }
}
