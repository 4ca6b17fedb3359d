import Foundation
import Testing

@testable import Watcher

/// `beginWatching(_:)`: the moment a watch began is written once and survives restarts (issue 12, finding 3).
@Suite("State store contract: watch starts", .closesStores)
struct WatchStartContractTests {
    @Test(arguments: StoreKind.available)
    func testBeginWatching_firstStartIsKept_laterOnesReturnIt(_ kind: StoreKind) async throws {
        // Given a project and a target whose watch began at t=10
        let database = try await kind.database()
        let first = try await database.open()
        let project = WatchStart.project(Sample.projectA, since: Sample.time(10), isNew: true)
        let target = WatchStart.target(instance: "gitlab.example", scope: "group acme", since: Sample.time(10))
        _ = try await first.beginWatching([project, target])
        try await first.closeForTest()

        // When a later process begins watching them again at t=99 (the project no longer looking new)
        let second = try await database.open()
        let recorded = try await second.beginWatching([
            .project(Sample.projectA, since: Sample.time(99)),
            .target(instance: "gitlab.example", scope: "group acme", since: Sample.time(99)),
            .project(Sample.projectB, since: Sample.time(99)),
        ])
        try await second.closeForTest()

        // Then the first starts stand, with the project still new; a subject seen for the first time is recorded
        #expect(recorded == [project, target, .project(Sample.projectB, since: Sample.time(99))])
    }

    @Test(arguments: StoreKind.available)
    func testUnbaselinedProjects_areTheWatchedProjectsWithoutARecord_neverATarget(_ kind: StoreKind) async throws {
        // Given watch starts for two projects and a target, and a record (a baseline) for the first project only
        let store = try await kind.open()
        _ = try await store.beginWatching([
            .project(Sample.projectB, since: Sample.time(10)),
            .project(Sample.projectA, since: Sample.time(10)),
            .target(instance: "gitlab.example", scope: "group acme", since: Sample.time(10)),
        ])
        _ = try await store.apply(StateChange(at: Sample.time(11), projects: [Sample.record(Sample.projectA)]))

        // When the start-up sweep asks which watched projects have no baseline, then: only the second
        #expect(try await store.unbaselinedProjects() == [Sample.projectB])
    }

    @Test(arguments: StoreKind.available)
    func testBeginWatching_nothing_writesNothing(_ kind: StoreKind) async throws {
        let store = try await kind.open()

        #expect(try await store.beginWatching([]).isEmpty)
    }
}

/// `recordHooks(_:)`: when GitLab last sent a webhook for a project (instant mode, `glwatch status`).
@Suite("State store contract: last hook", .closesStores)
struct LastHookContractTests {
    @Test(arguments: StoreKind.available)
    func testRecordHooks_laterTimeWins_andAPollsRecordLeavesIt(_ kind: StoreKind) async throws {
        // Given a stored project
        let store = try await kind.open()
        _ = try await store.apply(StateChange(at: Sample.time(1), projects: [Sample.record(Sample.projectA)]))

        // When hooks are noted at 20 then (late) at 10, and a poll then writes the project's record
        try await store.recordHooks([IdlePoll(project: Sample.projectA, at: Sample.time(20))])
        try await store.recordHooks([IdlePoll(project: Sample.projectA, at: Sample.time(10))])
        var polled = Sample.record(Sample.projectA)
        polled.lastPollAt = Sample.time(30)
        _ = try await store.apply(StateChange(at: Sample.time(30), projects: [polled]))

        // Then the latest hook stands
        let record = try await store.projectState(Sample.projectA)?.record
        #expect(record?.lastHookAt == Sample.time(20))
        #expect(record?.lastPollAt == Sample.time(30))
    }
}
