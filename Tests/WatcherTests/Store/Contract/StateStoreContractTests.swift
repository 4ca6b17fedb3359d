import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("State store contract: apply and the engine's reads", .closesStores)
struct StateStoreContractTests {

    @Test(arguments: StoreKind.available)
    func testApply_fullPoll_writesEveryPartReadableBack(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a poll that saw project A for the first time with two branches, a contributor and a push
        let change = StateChange(
            at: Sample.time(10),
            projects: [
                ProjectRecord(
                    key: Sample.projectA,
                    path: "group/a",
                    lastPollAt: Sample.time(9),
                    lastSuccessAt: Sample.time(9)
                )
            ],
            heads: [
                .set(project: Sample.projectA, branch: "main", sha: Sample.sha(1)),
                .set(project: Sample.projectA, branch: "release/1.0", sha: Sample.sha(2)),
            ],
            contributors: [
                .init(
                    project: Sample.projectA,
                    contributor: Contributor(
                        email: " Ann@Example.COM ",
                        name: "Ann",
                        firstCommit: Sample.sha(1),
                        firstSeenAt: Sample.time(10)
                    )
                )
            ],
            reportedCommits: [.init(project: Sample.projectA, shas: [Sample.sha(1), Sample.sha(2)])],
            events: [
                PlannedEvent(
                    event: Sample.event("e1", at: 10),
                    deliveries: [
                        PlannedDelivery(
                            sink: "ops",
                            rule: "main-pushes",
                            template: "short",
                            notBefore: Sample.time(10)
                        ),
                        PlannedDelivery(
                            sink: "team-chat",
                            rule: "digests",
                            groupKey: "digest",
                            notBefore: Sample.time(70)
                        ),
                    ]
                )
            ]
        )

        // When it is applied
        let result = try await store.apply(change)

        // Then everything reads back
        #expect(result == ApplyResult(insertedEventIDs: ["e1"], duplicateEventIDs: [], queuedDeliveries: 2))
        let state = try #require(try await store.projectState(Sample.projectA))
        #expect(state.record == change.projects[0])
        #expect(
            state.heads == [
                BranchHead(branch: "main", sha: Sample.sha(1), updatedAt: Sample.time(10)),
                BranchHead(branch: "release/1.0", sha: Sample.sha(2), updatedAt: Sample.time(10)),
            ]
        )
        #expect(state.headsByBranch == ["main": Sample.sha(1), "release/1.0": Sample.sha(2)])
        #expect(try await store.projects() == [change.projects[0]])
        #expect(
            try await store.knownContributors(in: Sample.projectA, among: ["ann@example.com", "bob@example.com"])
                == ["ann@example.com"]
        )
        #expect(
            try await store.reportedCommits(in: Sample.projectA, among: [Sample.sha(1), Sample.sha(3)])
                == [Sample.sha(1)]
        )
        let events = try await store.recentEvents(EventFilter())
        #expect(events.map(\.event) == [Sample.event("e1", at: 10)])
        #expect(events[0].deliveries.map(\.sink) == ["ops", "team-chat"])
        #expect(events[0].deliveries.map(\.groupKey) == [nil, "digest"])
        #expect(events[0].deliveries.map(\.rule) == ["main-pushes", "digests"])
        #expect(events[0].deliveries.map(\.template) == ["short", nil])
        let queued = try await store.nextDue(sink: "ops", now: Sample.time(10), limit: 10)
        #expect(queued.map(\.template) == ["short"])
        #expect(events[0].deliveries.map(\.nextAttemptAt) == [Sample.time(10), Sample.time(70)])
        #expect(events[0].deliveries.allSatisfy { $0.state == .pending && $0.attempts == 0 })
    }

    @Test(arguments: StoreKind.available)
    func testApply_sameChangeTwice_secondIsANoOpForEventsAndDeliveries(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a change already applied (the engine crashed after the commit and re-derives the same poll)
        let change = Sample.change(events: [Sample.event("e1"), Sample.event("e2")], sinks: ["ops", "chat"])
        _ = try await store.apply(change)

        // When it is applied again
        let again = try await store.apply(change)

        // Then nothing is doubled
        #expect(again.insertedEventIDs.isEmpty)
        #expect(again.duplicateEventIDs == ["e1", "e2"])
        #expect(again.queuedDeliveries == 0)
        #expect(try await store.count("SELECT COUNT(*) FROM event") == 2)
        #expect(try await store.count("SELECT COUNT(*) FROM delivery") == 4)
    }

    @Test(arguments: StoreKind.available)
    func testApply_existingEventWithOtherDeliveries_keepsTheOriginalDeliveries(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given event e1 queued for "ops"
        _ = try await store.apply(Sample.change(events: [Sample.event("e1")], sinks: ["ops"]))

        // When a change brings e1 again, now planned for "chat" too, alongside a new event e2
        let result = try await store.apply(
            Sample.change(events: [Sample.event("e1"), Sample.event("e2")], sinks: ["ops", "chat"])
        )

        // Then e1 keeps its one delivery; only e2 is queued
        #expect(result.insertedEventIDs == ["e2"])
        #expect(result.duplicateEventIDs == ["e1"])
        let e1 = try await store.deliveries(DeliveryFilter(eventID: "e1"))
        #expect(e1.map(\.sink) == ["ops"])
        #expect(try await store.deliveries(DeliveryFilter(eventID: "e2")).map(\.sink) == ["ops", "chat"])
    }

    @Test(arguments: StoreKind.available)
    func testApply_unknownProjectLate_rollsBackEverythingEarlierInTheChange(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a change whose project upsert, head and event come before a head of an unknown project
        let stranger = ProjectKey(instance: "gitlab.example.com", id: 999)
        var change = Sample.change(events: [Sample.event("e1")])
        change.heads = [
            .set(project: Sample.projectA, branch: "main", sha: Sample.sha(1)),
            .set(project: stranger, branch: "main", sha: Sample.sha(2)),
        ]

        // When it is applied, then it fails naming the project
        await #expect(throws: StateStoreError.unknownProject(stranger)) {
            try await store.apply(change)
        }
        // And none of it was written
        #expect(try await store.projects().isEmpty)
        #expect(try await store.count("SELECT COUNT(*) FROM branchHead") == 0)
        #expect(try await store.count("SELECT COUNT(*) FROM event") == 0)
        #expect(try await store.count("SELECT COUNT(*) FROM delivery") == 0)
    }

    @Test(arguments: StoreKind.available)
    func testApply_headUpdates_moveAndDeleteBranches(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given main and feature heads
        _ = try await store.apply(
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA)],
                heads: [
                    .set(project: Sample.projectA, branch: "main", sha: Sample.sha(1)),
                    .set(project: Sample.projectA, branch: "feature", sha: Sample.sha(2)),
                ]
            )
        )

        // When main moves and feature is deleted
        _ = try await store.apply(
            StateChange(
                at: Sample.time(60),
                heads: [
                    .set(project: Sample.projectA, branch: "main", sha: Sample.sha(3).uppercased()),
                    .delete(project: Sample.projectA, branch: "feature"),
                ]
            )
        )

        // Then only main remains, at the new (lowercased) SHA and time
        let state = try #require(try await store.projectState(Sample.projectA))
        #expect(state.heads == [BranchHead(branch: "main", sha: Sample.sha(3), updatedAt: Sample.time(60))])
        #expect(state.head(of: "main") == Sample.sha(3))
        #expect(state.head(of: "feature") == nil)
    }

    @Test(arguments: StoreKind.available)
    func testApply_knownContributorAgain_keepsTheFirstSighting(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given Ann first seen with commit 1
        let first = Contributor(
            email: "ann@example.com",
            name: "Ann",
            firstCommit: Sample.sha(1),
            firstSeenAt: Sample.time(0)
        )
        _ = try await store.apply(
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA)],
                contributors: [.init(project: Sample.projectA, contributor: first)]
            )
        )

        // When she shows up again with another case and display name
        let later = Contributor(
            email: "ANN@example.com",
            name: "Ann E.",
            firstCommit: Sample.sha(2),
            firstSeenAt: Sample.time(60)
        )
        _ = try await store.apply(
            StateChange(at: Sample.time(60), contributors: [.init(project: Sample.projectA, contributor: later)])
        )

        // Then she is still known once, as first seen
        #expect(try await store.count("SELECT COUNT(*) FROM contributor") == 1)
        #expect(
            try await store.count(
                "SELECT COUNT(*) FROM contributor WHERE name = 'Ann' AND firstSeenAt = \(Sample.time(0).storeMillis)"
            ) == 1
        )
        #expect(
            try await store.knownContributors(in: Sample.projectA, among: ["Ann@Example.com"]) == ["Ann@Example.com"]
        )
        #expect(try await store.knownContributors(in: Sample.projectB, among: ["ann@example.com"]).isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func testApply_renamedProject_keepsItsHeadsUnderTheSameKey(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given project A with a head
        _ = try await store.apply(
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA, path: "old/name")],
                heads: [.set(project: Sample.projectA, branch: "main", sha: Sample.sha(1))]
            )
        )

        // When the engine records its new path and a failure
        var renamed = Sample.record(Sample.projectA, path: "new/name", status: .unreachable)
        renamed.consecutiveFailures = 3
        renamed.lastError = "HTTP 404"
        _ = try await store.apply(StateChange(at: Sample.time(60), projects: [renamed]))

        // Then the record is replaced and the heads stay
        let state = try #require(try await store.projectState(Sample.projectA))
        #expect(state.record == renamed)
        #expect(state.head(of: "main") == Sample.sha(1))
        #expect(try await store.projects().count == 1)
    }

    @Test(arguments: StoreKind.available)
    func testApply_sinkURLInsteadOfName_isRefusedWithoutShowingIt(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given a delivery planned for a sink "name" that is really a URL with a token
        let change = StateChange(
            at: Sample.time(0),
            projects: [Sample.record(Sample.projectA)],
            events: [
                PlannedEvent(
                    event: Sample.event("e1"),
                    deliveries: [
                        PlannedDelivery(
                            sink: "https://hooks.example.com/T0/secret-token",
                            rule: "leaky",
                            notBefore: Sample.time(0)
                        )
                    ]
                )
            ]
        )

        // When applied, then it is refused, the error does not contain the token, and nothing is written
        let error = await #expect(throws: StateStoreError.self) { try await store.apply(change) }
        #expect(error == .invalidSinkName("<redacted: looks like a URL or credential>"))
        #expect(!"\(try #require(error))".contains("secret-token"))
        #expect(try await store.count("SELECT COUNT(*) FROM event") == 0)
    }

    @Test(arguments: StoreKind.available, [
        (
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA)],
                reportedCommits: [.init(project: Sample.projectA, shas: ["not-a-sha"])]
            ),
            "invalid state change: reported commit of project gitlab.example.com/101 is not a hex SHA: not-a-sha"
        ),
        (
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA)],
                heads: [.set(project: Sample.projectA, branch: "", sha: Sample.sha(1))]
            ),
            "invalid state change: a head of project gitlab.example.com/101 has an empty branch name"
        ),
        (
            Sample.change(events: [Sample.event("e1")], sinks: ["ops", "ops"]),
            "invalid state change: event e1 plans two deliveries to sink ops"
        ),
        (
            StateChange(at: Sample.time(0), projects: [Sample.record(Sample.projectA, path: "")]),
            "invalid state change: project gitlab.example.com/101 has an empty path"
        ),
    ])
    func testApply_malformedChange_isRefusedWithAClearMessage(
        _ kind: StoreKind, _ malformed: (StateChange, String)
    ) async throws {
        let store = try await kind.open()
        let (change, message) = malformed
        let error = await #expect(throws: StateStoreError.self) { try await store.apply(change) }
        #expect(error?.description == message)
        #expect(try await store.projects().isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func testApply_sha256Commits_areStoredAndRecognised(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        let sha256 = String(repeating: "ab", count: 32)
        _ = try await store.apply(
            StateChange(
                at: Sample.time(0),
                projects: [Sample.record(Sample.projectA)],
                reportedCommits: [.init(project: Sample.projectA, shas: [sha256])]
            )
        )
        #expect(try await store.reportedCommits(in: Sample.projectA, among: [sha256, Sample.sha(1)]) == [sha256])
    }

    @Test(arguments: StoreKind.available)
    func testProjectState_unknownProject_isNil(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        #expect(try await store.projectState(Sample.projectB) == nil)
        #expect(try await store.reportedCommits(in: Sample.projectB, among: [Sample.sha(1)]).isEmpty)
    }

    @Test(arguments: StoreKind.available)
    func testRecordIdlePolls_movesPollTimesForwardOnly_andKeepsFailures(_ kind: StoreKind) async throws {
        let store = try await kind.open()
        // Given project A stored with a failure at 20 s after a success at 10 s, and project B polled at 50 s
        _ = try await store.apply(
            StateChange(
                at: Sample.time(50),
                projects: [
                    ProjectRecord(
                        key: Sample.projectA, path: "group/a", status: .active, lastPollAt: Sample.time(20),
                        lastSuccessAt: Sample.time(10), consecutiveFailures: 1, lastError: "HTTP 500"
                    ),
                    ProjectRecord(
                        key: Sample.projectB, path: "group/b", lastPollAt: Sample.time(50),
                        lastSuccessAt: Sample.time(50)
                    ),
                ]
            )
        )

        // When idle polls are recorded: A's at 15 s, B's at 40 s (older than what B has), an unknown project's
        try await store.recordIdlePolls([
            IdlePoll(project: Sample.projectA, at: Sample.time(15)),
            IdlePoll(project: Sample.projectB, at: Sample.time(40)),
            IdlePoll(project: ProjectKey(instance: "gitlab.example.com", id: 999), at: Sample.time(15)),
        ])

        // Then only the times move, and only forwards; the unknown project is not created
        let a = try #require(try await store.projectState(Sample.projectA)?.record)
        #expect(a.lastSuccessAt == Sample.time(15))
        #expect(a.lastPollAt == Sample.time(20))
        #expect(a.consecutiveFailures == 1)
        #expect(a.lastError == "HTTP 500")
        let b = try #require(try await store.projectState(Sample.projectB)?.record)
        #expect(b.lastPollAt == Sample.time(50))
        #expect(b.lastSuccessAt == Sample.time(50))
        #expect(try await store.projects().count == 2)
    }
}
