import FakeGitLab
import Testing

@testable import Watcher

@Suite struct GitLabProjectSourceTests {
    @Test func testHead_missingBranch_isNil() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1)
        try await GitLabTestHarness.withClient(fake) { client in
            let head = try await GitLabProjectSource(client: client).head(of: "gone", in: project.id)

            #expect(head == nil)
        }
    }

    @Test func testHead_missingProject_throwsProjectNotFound_notANilHead() async throws {
        let fake = FakeGitLab()
        try await GitLabTestHarness.withClient(fake) { client in
            let error = await GitLabTestHarness.error {
                try await GitLabProjectSource(client: client).head(of: "main", in: 4_242)
            }

            guard case .notFound(_, .project, "404 Project Not Found")? = error else {
                Issue.record("expected Project Not Found, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func testHead_unknownRoute_throws_evenThoughItIsA404() async throws {
        // A proxy or an old GitLab answering the branch route with a bare 404 must not read as "no branch"
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1)
        fake.inject(FakeFault(.status(404, body: #"{"error":"404 Not Found"}"#), on: .pathContaining("/branches/")))
        try await GitLabTestHarness.withClient(fake) { client in
            let error = await GitLabTestHarness.error {
                try await GitLabProjectSource(client: client).head(of: "main", in: project.id)
            }

            guard case .notFound(_, .unnamed, "404 Not Found")? = error else {
                Issue.record("expected an unnamed 404, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func testHasCommit_countsOnlyThatExactAuthor_notOnesWhoseAddressContainsIt() async throws {
        // Given a history by joann@example.com only (GitLab's author filter is a pattern: "ann@example.com"
        // matches her "Jo Ann <joann@example.com>")
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let head = project.commits(2, by: [FakeAuthor(name: "Jo Ann", email: "joann@example.com")]).last!
        try await GitLabTestHarness.withClient(fake) { client in
            let source = GitLabProjectSource(client: client)

            // When asked whether ann@example.com has a commit there / Then no; joann@example.com has
            let ann = try await source.hasCommit(by: "ann@example.com", reachableFrom: head, in: project.id)
            let joann = try await source.hasCommit(by: "joann@example.com", reachableFrom: head, in: project.id)
            #expect(ann == false)
            #expect(joann == true)
        }
    }

    @Test func testHasCommit_firstPageSkipped_isReadAgain_ratherThanCallAnOldContributorNew() async throws {
        // Given a history by Ann, and the first page of her commits answered with the (empty) second page's items
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let head = project.commits(2, by: [FakeAuthor(name: "Ann", email: "ann@example.com")]).last!
        fake.inject(FakeFault(.skipPage, on: .pathContaining("/repository/commits", query: "author=")))
        try await GitLabTestHarness.withClient(fake) { client in
            // When asked whether she has a commit there
            let ann = try await GitLabProjectSource(client: client).hasCommit(
                by: "ann@example.com", reachableFrom: head, in: project.id
            )

            // Then the empty page is read again and the answer is yes
            #expect(ann == true)
        }
    }

    @Test func testPushEvents_firstPageThatDoesNotBeginAtTheNewestEvent_isRefused() async throws {
        // Given three pushes, and the list of push events (two per page) answering page 1 with page 2's items
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1)
        project.commits(1)
        project.commits(1)
        fake.inject(FakeFault(.skipPage, on: .pathContaining("/events", query: "per_page=2"), times: 1))
        try await GitLabTestHarness.withClient(fake) { client in
            var source = GitLabProjectSource(client: client)
            source.perPage = 2
            let newest = try await source.newestPushEventID(in: project.id)

            // When the events since the beginning are read (the newest one first, then the list)
            let error = await GitLabTestHarness.error {
                try await source.pushEvents(in: project.id, since: .distantPast)
            }

            // Then the list is refused, naming the project, and a second reading is whole
            #expect("\(String(describing: error))".contains("push events of project \(project.id)"))
            let events = try await source.pushEvents(in: project.id, since: .distantPast)
            #expect(events.first?.id == newest)
            #expect(events.count == 3)
        }
    }
}
