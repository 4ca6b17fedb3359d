import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// Departures among replicas: the leader records them, and a departure one leader could not finish is finished by
/// whichever replica leads next, even one that took the leader's list (without the project) while it followed.
@Suite struct WatchEngineDeparturesReplicasTests {
    typealias Hub = WatchEngineFeedReplicasTests.Hub
    typealias Replica = WatchEngineFeedReplicasTests.Replica
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testArchivedRightAfterAPush_whenTheLeaderCannotFinishTheDeparture_theNextLeaderAnnouncesThePush()
        async throws
    {
        // Given a watched group of two projects and two replicas: b led first (and swept the store then), a leads
        // now; a holds api, b holds old
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let old = fake.addProject("acme/old")
        for project in [api, old] { project.commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let hub = Hub()
            let target = harness.groupTarget("acme")
            let ra = Replica("a", hub: hub, leader: false, holding: [harness.key(api)])
            let rb = Replica("b", hub: hub, leader: true, holding: [harness.key(old)])
            let a = harness.engine(targets: [target], leases: ra)
            let b = harness.engine(targets: [target], leases: rb)
            func lead(_ leader: Replica, _ follower: Replica) {
                leader.state.withLock { $0.leader = true }
                follower.state.withLock { $0.leader = false }
            }
            _ = await b.pollAllOnce()
            lead(ra, rb)
            _ = await a.pollAllOnce()

            // When old is pushed to and archived, and the leader's departure cannot finish (its last poll fails
            // every time), b takes the leader's list (without old) while it follows, and then b leads (a died)
            let pushed = old.commits(2, by: [ann])
            old.archive()
            let branches = FakeRequestMatcher.pathContaining("/projects/\(old.id)/repository/branches")
            fake.inject(FakeFault(.status(500), on: branches, times: 1_000))
            let led = await a.pollAllOnce()
            #expect(led.discoveries.map(\.removed) == [[harness.key(old)]])
            let announced: Set<EventType> = [.commitsNew, .projectRemoved]
            #expect(try await harness.events(of: old).filter { announced.contains($0.type) }.isEmpty)
            fake.clearFaults()
            let followed = await b.pollAllOnce()
            #expect(followed.discoveries.map(\.followed) == [true])
            #expect(!b.coveredProjects.contains(harness.key(old)))
            lead(rb, ra)
            _ = await b.pollAllOnce()

            // Then the new leader's sweep finished the departure: the push is announced, then project.removed
            let events = try await harness.events(of: old).filter { announced.contains($0.type) }
            #expect(events.map(\.type) == [.commitsNew, .projectRemoved])
            #expect(events.first?.commits.map(\.id) == pushed)
            #expect(try await harness.status(of: old) == .archived)
        }
    }
}
