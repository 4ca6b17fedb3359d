import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// One contributor definition — the author of a non-merge commit — in the baseline, the confirmation query and
/// the announcement (issue 12, finding 8).
@Suite struct ProjectPollerContributorsTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")
    let carol = FakeAuthor(name: "Carol Clicker", email: "carol@example.com")

    func newcomers(_ harness: EngineTestHarness, _ project: FakeProject) async throws -> [String] {
        try await harness.events(of: project).compactMap { event in
            guard case .contributorNew(let details) = event.details else { return nil }
            return details.contributor.email
        }
    }

    @Test func testFirstOwnCommit_ofSomeoneWhoseOnlyEarlierCommitIsAWebUIMerge_isAnnounced() async throws {
        // Given a history where Carol's only commit is a merge she made in the web UI
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        project.commits(1, on: "feature", by: [ann])
        project.merge("feature", by: carol)
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()

            // When she pushes her first own commit
            project.commits(1, by: [carol])
            #expect(await poller.poll() == .changed)

            // Then she is announced as a new contributor
            let observed1 = try await newcomers(harness, project)
            #expect(observed1 == [carol.email])
        }
    }

    @Test func testWebUIMergeAfterTheBaseline_doesNotMakeAContributor_theirFirstOwnCommitDoes() async throws {
        // Given a watched project
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project)
            _ = await poller.poll()

            // When Carol merges a branch in the web UI
            project.commits(1, on: "feature", by: [ann])
            project.merge("feature", by: carol)
            _ = await poller.poll()

            // Then she is not a contributor (not announced, not recorded)
            let observed2 = try await newcomers(harness, project)
            #expect(observed2.isEmpty)
            let known = try await harness.store.knownContributors(in: harness.key(project), among: [carol.email])
            #expect(known.isEmpty)

            // When she then pushes her own commit, she is
            project.commits(1, by: [carol])
            _ = await poller.poll()
            let observed3 = try await newcomers(harness, project)
            #expect(observed3 == [carol.email])
        }
    }
}
