import FakeGitLab
import Foundation
import Testing

@testable import Watcher

@Suite struct GitLabEventsAPITests {
    @Test func testProjectEvents_carryPushDataNewestFirst() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let api = gitlab.addProject("acme/api")
        let first = api.commit("One", on: "main", pushedBy: alice)
        api.createBranch("feature/x", from: "main", pushedBy: alice)
        let pushed = api.commits(2, on: "main", pushedBy: alice)
        api.deleteBranch("feature/x", pushedBy: alice)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let events = try await client.events.project(.id(api.id), options: .pushes).loadAll()

            #expect(events.count == 4)
            #expect(events.map(\.id) == events.map(\.id).sorted(by: >))
            let deleted = try #require(events.first?.pushData)
            #expect(deleted.action == .removed)
            #expect(deleted.commitTo == nil)
            let push = try #require(events[1].pushData)
            #expect(push.action == .pushed)
            #expect(push.commitCount == 2)
            #expect(push.commitFrom == first)
            #expect(push.commitTo == pushed.last)
            #expect(events[2].pushData?.action == .created)
            #expect(events[2].pushData?.commitFrom == nil)
            #expect(events[2].pushData?.ref == "feature/x")
            #expect(events.allSatisfy { $0.author?.username == "alice" && $0.projectID == api.id })
            #expect(gitlab.requests.last?.queryValue("action") == "pushed")
        }
    }

    @Test func testUserEvents_listTheUsersPushes() async throws {
        let gitlab = FakeGitLab()
        let alice = gitlab.addUser("alice")
        let bob = gitlab.addUser("bob")
        gitlab.addProject("acme/api").commit("By Alice", pushedBy: alice)
        gitlab.addProject("acme/web").commit("By Bob", pushedBy: bob)

        try await GitLabTestHarness.withClient(gitlab) { client in
            let events = try await client.events.user("alice").loadAll()

            #expect(events.count == 1)
            #expect(events.first?.pushData?.commitTitle == "By Alice")
        }
    }
}
