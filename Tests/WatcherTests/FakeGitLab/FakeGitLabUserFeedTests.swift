import FakeGitLab
import Foundation
import Testing

@testable import Watcher

/// The fake's `GET /events` (the user-wide feed), its delayed event visibility and its bulk push events, checked
/// through the client against GitLab's documented behaviour (docs/gitlab-api.md, "The change feed").
@Suite struct FakeGitLabUserFeedTests {
    private func token(_ gitlab: FakeGitLab, _ user: FakeUser) -> GitLabAuth {
        .privateToken(GitLabSecret(gitlab.addPersonalAccessToken(for: user)))
    }

    @Test func testFeed_scopeAllListsPushesOfProjectsWhereTheUserIsReporterOrAbove() async throws {
        // Given alice is Developer, Reporter and Guest on three projects, and a fourth is public without her
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let bob = gitlab.addUser("bob")
        let developer = gitlab.addProject("acme/dev", visibility: .private, members: [alice])
        let reporter = gitlab.addProject("acme/rep", visibility: .private)
        reporter.addMember(alice, as: .reporter)
        let guest = gitlab.addProject("acme/guest", visibility: .private)
        guest.addMember(alice, as: .guest)
        let outsider = gitlab.addProject("acme/public")
        for project in [developer, reporter, guest, outsider] { project.commit("By Bob", pushedBy: bob) }
        let auth = token(gitlab, alice)

        try await GitLabTestHarness.withClient(gitlab, auth: auth) { client in
            // When she reads her feed
            let events = try await client.events.feed(options: .pushes).loadAll()

            // Then only the Developer and Reporter projects' pushes are there, newest first
            #expect(events.map(\.projectID) == [reporter.id, developer.id])
            #expect(gitlab.requests.last?.path == "/api/v4/events")
            #expect(gitlab.requests.last?.queryValue("scope") == "all")
        }
    }

    @Test func testFeed_withoutScopeListsTheUsersOwnEvents() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let bob = gitlab.addUser("bob")
        let api = gitlab.addProject("acme/api", members: [alice])
        api.commit("By Alice", pushedBy: alice)
        api.commit("By Bob", pushedBy: bob)
        let auth = token(gitlab, alice)

        try await GitLabTestHarness.withClient(gitlab, auth: auth) { client in
            let raw = Paginator<GitLabEvent>(
                executor: client.executor,
                request: .get("/events", query: [], endpoint: "/events", resource: "own events"),
                mode: .offset,
                perPage: 20
            )
            let events = try await raw.loadAll()

            #expect(events.map { $0.pushData?.commitTitle } == ["By Alice"])
        }
    }

    @Test func testFeed_anonymousIsUnauthorizedAndAnUnknownScopeIsRejected() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let auth = token(gitlab, alice)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let error = await GitLabTestHarness.error { try await client.events.feed().page(1) }
            #expect(error?.status == 401)
        }
        try await GitLabTestHarness.withClient(gitlab, auth: auth) { client in
            let bad = Paginator<GitLabEvent>(
                executor: client.executor,
                request: .get("/events", query: [GitLabQueryItem("scope", "mine")], endpoint: "/events", resource: "x"),
                mode: .offset,
                perPage: 20
            )
            let error = await GitLabTestHarness.error { try await bad.page(1) }
            #expect(error?.status == 400)
        }
    }

    @Test func testFeed_pagesWithoutTotalsAndSortsAscendingOnRequest() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let api = gitlab.addProject("acme/api", members: [alice])
        api.commits(1)
        for index in 1...4 { api.createBranch("b\(index)", from: "main") }
        let auth = token(gitlab, alice)

        try await GitLabTestHarness.withClient(gitlab, auth: auth) { client in
            var options = GitLabEventListOptions.pushes
            options.perPage = 2
            let first = try await client.events.feed(options: options).page(1)
            options.sort = .ascending
            let ascending = try await client.events.feed(options: options).loadAll()

            #expect(first.items.count == 2)
            #expect(first.totalItems == nil)
            #expect(first.totalPages == nil)
            #expect(first.nextPage == 2)
            #expect(ascending.map(\.id) == ascending.map(\.id).sorted())
            #expect(ascending.count == 5)
        }
    }

    @Test func testVisibility_aDelayedEventAppearsAfterAHigherID() async throws {
        // Given push 1's event is written 5 s late and push 2's at once
        let clock = ManualClock()
        let gitlab = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock(clock.now)))
        let alice = gitlab.addUser("alice")
        let api = gitlab.addProject("acme/api", members: [alice])
        gitlab.eventVisibility = .delayed(by: 5)
        api.commit("One")
        gitlab.eventVisibility = .immediate
        api.commit("Two")
        let auth = token(gitlab, alice)

        try await GitLabTestHarness.withClient(gitlab, auth: auth) { client in
            // When the feed and the project's events are read before and after the delay
            let early = try await client.events.feed(options: .pushes).loadAll()
            let earlyProject = try await client.events.project(.id(api.id), options: .pushes).loadAll()
            clock.advance(by: 5)
            let late = try await client.events.feed(options: .pushes).loadAll()

            // Then the lower id shows up only later
            #expect(early.map { $0.pushData?.commitTitle } == ["Two"])
            #expect(earlyProject.count == 1)
            #expect(late.map { $0.pushData?.commitTitle } == ["Two", "One"])
            #expect(late[1].id < late[0].id)
        }
    }

    @Test func testVisibility_shuffledDelaysReplayFromTheirSeed() {
        var first = FakeEventVisibility.shuffled(upTo: 5, seed: 42)
        var second = FakeEventVisibility.shuffled(upTo: 5, seed: 42)
        let delays = (0..<20).map { _ in first.nextDelay() }

        #expect(delays == (0..<20).map { _ in second.nextDelay() })
        #expect(delays.allSatisfy { (0...5).contains($0) })
        #expect(Set(delays).count > 10)
    }

    @Test func testBulkPush_moreRefsThanTheLimitIsOneEventWithoutRef() async throws {
        // Given one push changing 4 branches (GitLab's push_event_activities_limit is 3)
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let api = gitlab.addProject("acme/api", members: [alice])
        api.commit("Root")
        let heads = api.pushBranches(["main", "a", "b", "c"], pushedBy: alice)
        let auth = token(gitlab, alice)

        try await GitLabTestHarness.withClient(gitlab, auth: auth) { client in
            let events = try await client.events.feed(options: .pushes).loadAll()

            // Then one bulk event: no ref, no commits, the ref count; the branches did move
            let bulk = try #require(events.first?.pushData)
            #expect(events.count == 2)
            #expect(bulk.ref == nil)
            #expect(bulk.commitCount == 0)
            #expect(bulk.refCount == 4)
            #expect(bulk.commitFrom == nil && bulk.commitTo == nil && bulk.commitTitle == nil)
            #expect(api.head(of: "c") == heads["c"])
        }
    }

    @Test func testBulkPush_upToTheLimitIsOneEventPerRef() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let api = gitlab.addProject("acme/api", members: [alice])
        api.commit("Root")
        let heads = api.pushBranches(["main", "a", "b"], commitsEach: 2)
        let auth = token(gitlab, alice)

        try await GitLabTestHarness.withClient(gitlab, auth: auth) { client in
            let events = try await client.events.feed(options: .pushes).loadAll()

            #expect(events.count == 4)
            #expect(Set(events.prefix(3).compactMap { $0.pushData?.ref }) == ["main", "a", "b"])
            #expect(events.prefix(3).allSatisfy { $0.pushData?.commitTo == heads[$0.pushData?.ref ?? ""] })
        }
    }
}
