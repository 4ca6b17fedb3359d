import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// Discovery among replicas: the leader lists the targets' projects from GitLab and publishes the lists; the others
/// take them while they are fresh, and list GitLab themselves when there is none.
@Suite struct WatchEngineListingReplicasTests {
    typealias Hub = WatchEngineFeedReplicasTests.Hub
    typealias Replica = WatchEngineFeedReplicasTests.Replica
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    /// Requests listing the group's projects.
    static let listing = FakeRequestMatcher.pathContaining("/groups/")

    @Test func testListing_aFollowerTakesTheLeadersList_withoutAskingGitLab_andSeesANewProjectOnceTheLeaderDoes()
        async throws
    {
        // Given a watched group of two projects, and two replicas: a leads and holds api, b holds web
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let web = fake.addProject("acme/web")
        for project in [api, web] { project.commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let hub = Hub()
            let target = harness.groupTarget("acme")
            let a = harness.engine(
                targets: [target], leases: Replica("a", hub: hub, leader: true, holding: [harness.key(api)])
            )
            let b = harness.engine(
                targets: [target], leases: Replica("b", hub: hub, leader: false, holding: [harness.key(web)])
            )

            // When the leader discovers, then the follower
            let led = await a.pollAllOnce()
            fake.resetRequestLog()
            let followed = await b.pollAllOnce()

            // Then the leader listed GitLab and published its list, waking the others; the follower took that list
            // without a listing request of its own, and polled its project
            #expect(led.discoveries.map(\.followed) == [false])
            #expect(hub.wakes.withLock { $0 } == [.discovered])
            #expect(followed.discoveries.map(\.followed) == [true])
            #expect(fake.requestCount(matching: Self.listing) == 0)
            #expect(b.coveredProjects == [api, web].map(harness.key).sorted())
            #expect(followed.polls.map(\.project) == [harness.key(web)])

            // When a project is created, the follower sees it only once the leader has listed it
            let new = fake.addProject("acme/new")
            _ = await b.pollAllOnce()
            #expect(!b.coveredProjects.contains(harness.key(new)))
            _ = await a.pollAllOnce()
            _ = await b.pollAllOnce()
            #expect(b.coveredProjects.contains(harness.key(new)))
            #expect(fake.requestCount(matching: Self.listing) == 1)  // the leader's
        }
    }

    @Test func testListing_aFollowerWithoutTheLeadersList_listsGitLabItself() async throws {
        // Given a follower, and no list published (no leader yet, or an old glwatch leads)
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let hub = Hub()
            let b = harness.engine(
                targets: [harness.groupTarget("acme")],
                leases: Replica("b", hub: hub, leader: false, holding: [harness.key(api)])
            )

            // When it discovers
            let report = await b.pollAllOnce()

            // Then it listed GitLab itself, and published nothing (it does not lead)
            #expect(report.discoveries.map(\.followed) == [false])
            #expect(fake.requestCount(matching: Self.listing) >= 1)
            #expect(b.coveredProjects == [harness.key(api)])
            #expect(hub.notes.withLock { $0.isEmpty })
        }
    }

    @Test func testListing_aStaleList_isNotTaken() async throws {
        // Given a list the leader published three discovery intervals ago (it stopped listing since)
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let interval = EngineConfiguration().discoveryInterval
            let hub = Hub(clock: { Date().addingTimeInterval(-3 * interval) })
            let target = harness.groupTarget("acme")
            let a = harness.engine(targets: [target], leases: Replica("a", hub: hub, leader: true, holding: []))
            _ = await a.pollAllOnce()
            let b = harness.engine(
                targets: [target], leases: Replica("b", hub: hub, leader: false, holding: [harness.key(api)])
            )

            // When the follower discovers
            fake.resetRequestLog()
            let report = await b.pollAllOnce()

            // Then it lists GitLab itself
            #expect(report.discoveries.map(\.followed) == [false])
            #expect(fake.requestCount(matching: Self.listing) >= 1)
        }
    }

    @Test func testFeedScope_aFollowerTakesTheLeadersList_andListsItselfWithoutOne() async throws {
        // Given alice's token, a member of two watched projects, and two replicas reading the change feed
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects, auth) = WatchEngineFeedTests().world(scheduler, members: ["acme/api", "acme/web"])
        try await EngineTestHarness.run(fake, auth: auth) { harness in
            let hub = Hub()
            let configuration = EngineConfiguration(feed: FeedConfiguration(instances: ["fake"]))
            func replica(_ id: String, leader: Bool) -> WatchEngine {
                harness.engine(
                    targets: [harness.groupTarget("acme")], configuration: configuration,
                    leases: Replica(id, hub: hub, leader: leader, holding: [])
                )
            }
            let (a, b) = (replica("a", leader: true), replica("b", leader: false))
            let membership = FakeRequestMatcher.pathContaining("/projects", query: "&membership=true&")

            // When the follower lists the feed's scope before any list was published, then the leader, then the
            // follower again
            let (feedA, feedB) = (try #require(a.feeds["fake"]), try #require(b.feeds["fake"]))
            await b.refreshScope(of: feedB)
            #expect(fake.requestCount(matching: membership) == 1)
            await a.refreshScope(of: feedA)
            fake.resetRequestLog()
            await b.refreshScope(of: feedB)

            // Then it first listed GitLab itself, and then took the leader's list without a request of its own
            #expect(fake.requestCount(matching: membership) == 0)
            #expect(projects.allSatisfy { feedB.inScope($0.id) } && feedB.scopeCount == 2)
        }
    }
}
