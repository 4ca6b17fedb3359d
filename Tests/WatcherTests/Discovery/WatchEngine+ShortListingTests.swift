import FakeGitLab
import Foundation
import Notifier
import Synchronization
import Testing

@testable import Watcher

/// A group listing cut short (a page lost, or shifted while the list changed) never makes a project that is
/// still there leave the watch: no `project.removed` is invented (issue 12, bad input; the soak's seed 12).
@Suite struct WatchEngineShortListingTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    /// A transport that drops the project at `path` from the next `times` group listings (or, with `groups:
    /// false`, listings of the token's projects).
    static func droppingFromListings(
        _ path: String, _ budget: LossBudget, groups: Bool = true
    ) -> @Sendable (any GitLabHTTPTransport) -> any GitLabHTTPTransport {
        { base in
            RewritingTransport(base, answer: { request, response in
                guard request.url.path.contains("/groups/") == groups, request.url.path.hasSuffix("/projects"),
                    var list = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]],
                    list.contains(where: { $0["path_with_namespace"] as? String == path }), budget.take()
                else { return response }
                list.removeAll { $0["path_with_namespace"] as? String == path }
                var shortened = response
                shortened.body = Array((try? JSONSerialization.data(withJSONObject: list)) ?? Data())
                return shortened
            })
        }
    }

    @Test func testRunningDiscovery_listingThatLeavesOutAProjectStillInTheGroup_keepsWatchingIt() async throws {
        // Given two watched projects, then a listing of the group that leaves one out although it is still there
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let web = fake.addProject("acme/web")
        web.commits(1, by: [ann])
        let budget = LossBudget()
        try await EngineTestHarness.run(fake, wrap: Self.droppingFromListings("acme/web", budget)) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            budget.set(1)
            let pushed = web.commits(2, by: [ann])

            // When discovery runs on the short listing and polls
            let report = await engine.pollAllOnce()

            // Then nothing left the watch: no project.removed, and the push is announced
            #expect(report.discoveries.flatMap(\.removed).isEmpty)
            let events = try await harness.events(of: web)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed)
            let status = try await harness.status(of: web)
            #expect(status == .active)
        }
    }

    @Test func testStartUpSweep_listingThatLeavesOutStoredProjects_marksNothingRemoved() async throws {
        // Given a watched group, then a restart whose first listing leaves out a project that is still there
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let web = fake.addProject("acme/web")
        web.commits(1, by: [ann])
        let budget = LossBudget()
        try await EngineTestHarness.run(fake, wrap: Self.droppingFromListings("acme/web", budget)) { harness in
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()
            budget.set(1)

            // When glwatch starts again
            _ = await harness.engine(targets: [harness.groupTarget("acme")]).pollAllOnce()

            // Then the project left out is neither departed nor marked removed
            let events = try await harness.events(of: web)
            #expect(events.isEmpty)
            let status = try await harness.status(of: web)
            #expect(status == .active)
        }
    }

    @Test func testMembership_aProjectLeftOutOnce_staysAndLeavesOnlyWhenTheNextListingAgrees() async throws {
        // Given a membership target watching two projects (GitLab's record cannot prove membership: `permissions`
        // are null for access through a parent or shared group)
        let fake = FakeGitLab()
        let alice = fake.addUser("alice")
        let token = fake.addPersonalAccessToken(for: alice)
        fake.addProject("acme/api", visibility: .private, members: [alice]).commits(1, by: [ann])
        let web = fake.addProject("acme/web", visibility: .public, members: [alice])
        web.commits(1, by: [ann])
        let budget = LossBudget()
        let wrap = Self.droppingFromListings("acme/web", budget, groups: false)
        try await EngineTestHarness.run(fake, auth: .privateToken(GitLabSecret(token)), wrap: wrap) { harness throws in
            let target = WatchTarget(instance: "fake", scope: .membership(), cadence: Cadence(base: 60))
            let engine = harness.engine(targets: [target])
            _ = await engine.pollAllOnce()

            // When one listing leaves the (still readable) project out
            budget.set(1)
            let once = await engine.pollAllOnce()

            // Then it stays watched
            #expect(once.discoveries.flatMap(\.removed).isEmpty)
            #expect(engine.watchedProjects.map(\.key).contains(harness.key(web)))

            // And when the next listing leaves it out too (alice left the project; it is public, so still readable)
            budget.set(1)
            let twice = await engine.pollAllOnce()

            // Then it leaves the watch with a project.removed
            #expect(twice.discoveries.flatMap(\.removed) == [harness.key(web)])
            #expect(try await harness.events(of: web).map(\.type) == [.projectRemoved])
        }
    }
}
