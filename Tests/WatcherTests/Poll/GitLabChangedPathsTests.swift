import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// Rules with `paths:` work in the real engine: changed paths come from GitLab (issue 12, finding 1).
@Suite struct GitLabChangedPathsTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    /// A rule sending pushes that touch `docs/**` to the sink `hook`.
    static let docsRouter = EventRouter(rules: [
        Rule(
            name: "docs",
            conditions: RuleConditions(eventTypes: [.commitsNew], paths: [try! Glob("docs/**")]),
            action: .notify(Rule.Notify(sinks: ["hook"], template: nil, groupWindow: nil)),
            continueMatching: false
        )
    ])

    func hookDeliveries(_ harness: EngineTestHarness) async throws -> Int {
        try await harness.store.deliveries(DeliveryFilter(sink: "hook", states: Set(DeliveryState.allCases))).count
    }

    @Test func testPathsRule_routesPushesByTheirChangedPaths_andThePollSucceeds() async throws {
        // Given a watched project and a rule for pushes touching docs/**
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, router: Self.docsRouter)
            _ = await poller.poll()

            // When a push touching docs/ and then one touching only src/ are polled
            project.commit("Document the API", by: ann, files: ["docs/api.md"])
            #expect(await poller.poll() == .changed)
            project.commit("Fix the parser", by: ann, files: ["src/parser.swift"])
            #expect(await poller.poll() == .changed)

            // Then both are stored, and only the first is delivered to the hook
            #expect(poller.lastFailure == nil)
            let observed1 = try await harness.events(of: project)
            #expect(observed1.filter { $0.type == .commitsNew }.count == 2)
            let observed2 = try await hookDeliveries(harness)
            #expect(observed2 == 1)
        }
    }

    /// The `commits.new` event of main moving from `base` to `head` in `project`, its commits read from GitLab.
    func pushEvent(
        _ harness: EngineTestHarness, _ project: FakeProject, from base: String?, to head: String
    ) async throws -> WatchEvent {
        let window = try await GitLabProjectSource(client: harness.client)
            .commits(in: project.id, from: base, to: head, limit: 100)
        return WatchEvent.commitsNew(
            project: ProjectRef(instance: "fake", id: project.id, path: "acme/api"), branch: "main", before: base,
            after: head, commits: CommitList(commits: window.commits.reversed().map(\.eventCommit)),
            at: Date(timeIntervalSince1970: 0)
        )
    }

    @Test func testFewCommits_readEachCommitsDiffOnce_cachedPerSHA() async throws {
        // Given a push of 3 commits
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let base = project.commits(1, by: [ann])
        let shas = project.commits(3, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let event = try await pushEvent(harness, project, from: base.last, to: shas.last!)
            let provider = GitLabChangedPaths(source: GitLabProjectSource(client: harness.client), project: project.id)
            fake.resetRequestLog()

            // When its changed paths are asked twice
            let first = try await provider.changeSet(for: event)
            let second = try await provider.changeSet(for: event)

            // Then each commit's diff was read once, and the answer is every file the commits changed
            #expect(fake.requestCount(matching: .pathContaining("/diff")) == 3)
            #expect(fake.requestCount(matching: .pathContaining("/compare")) == 0)
            #expect(first == second)
            #expect(first.paths == ["src/file0.swift", "src/file1.swift", "src/file2.swift"])
            #expect(!first.isTruncated)
        }
    }

    @Test(.timeLimit(.minutes(5))) func testFewCommits_theirDiffsAreReadFourAtATime_andKeepTheirOrder() async throws {
        // Given a push of 6 commits, and a GitLab whose diff answers hang until released
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let base = project.commits(1, by: [ann])
        let shas = project.commits(6, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let event = try await pushEvent(harness, project, from: base.last, to: shas.last!)
            let provider = GitLabChangedPaths(source: GitLabProjectSource(client: harness.client), project: project.id)
            fake.inject(FakeFault(.hang, on: .pathContaining("/diff"), times: 4))

            // When its changed paths are asked
            async let answer = provider.changeSet(for: event)

            // Then four commits' diffs are in flight at once (one at a time, the first would hang until the client
            // gave up and asked it again)
            await fake.waitUntilHung(4)
            let inFlight = Set(fake.requests.filter { $0.path.hasSuffix("/diff") }.map(\.path))
            fake.releaseHungRequests()
            #expect(inFlight.count == 4)

            // And the answer lists every commit's files, oldest commit first, each diff read once
            let paths = try await answer.paths
            #expect(paths == (0..<6).map { "src/file\($0).swift" })
            #expect(fake.requestCount(matching: .pathContaining("/diff")) == 6)
        }
    }

    @Test func testLargePush_costsOneComparison_andAnOverflowMatchesThePathsRule() async throws {
        // Given a push of 12 commits, one of which changes more files than GitLab's default diff limit (1,000),
        // none under docs/
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let poller = harness.poller(project, router: Self.docsRouter)
            _ = await poller.poll()
            project.commits(11, by: [ann])
            let many = (0...1_000).map { FakeCommitFile(path: "generated/file\($0).txt") }
            project.commit("Regenerate", by: ann, files: many)
            fake.resetRequestLog()

            // When it is polled
            #expect(await poller.poll() == .changed)

            // Then one comparison was read (no diff per commit), GitLab said it overflowed, and the docs rule
            // matched rather than miss the push
            #expect(fake.requestCount(matching: .pathContaining("/compare")) == 1)
            #expect(fake.requestCount(matching: .pathContaining("/diff")) == 0)
            let observed3 = try await hookDeliveries(harness)
            #expect(observed3 == 1)
        }
    }

    /// Issue 34: a force-push from an old head GitLab pruned, too long for a diff per commit, is compared from its
    /// oldest commit's parent; a comparison from the pruned head would answer 404 `Ref Not Found` on every poll.
    @Test func testForcePushFromAPrunedHead_isComparedFromItsOldestCommitsParent() async throws {
        // Given a branch rewritten over its last commit with 12 new ones, and the old head pruned
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let before = project.commits(3, by: [ann])
        let rewritten = project.rewrite("main", dropping: 1, adding: 12, by: ann)
        #expect(project.pruneUnreachableCommits() == 1)
        try await EngineTestHarness.run(fake) { harness in
            let source = GitLabProjectSource(client: harness.client)
            let window = try await source.commits(in: project.id, from: before[1], to: rewritten.last!, limit: 100)
            let ref = ProjectRef(instance: "fake", id: project.id, path: "acme/api")
            let event = WatchEvent.branchForcePushed(
                project: ref, branch: "main", oldHead: before[2], newHead: rewritten.last!, droppedCount: 0,
                oldHeadPruned: true, commits: CommitList(commits: window.commits.reversed().map(\.eventCommit)),
                at: Date(timeIntervalSince1970: 0)
            )
            fake.resetRequestLog()

            // When its changed paths are asked
            let changes = try await GitLabChangedPaths(source: source, project: project.id).changeSet(for: event)

            // Then one comparison answers it, from the oldest new commit's parent, with every file of the 12
            #expect(fake.requestCount(matching: .pathContaining("/compare")) == 1)
            #expect(fake.requestCount(matching: .pathContaining("/compare", query: "from=\(before[1])")) == 1)
            var expected = Set<String>()
            for sha in rewritten { expected.formUnion(try await source.diff(of: sha, in: project.id).map(\.newPath)) }
            #expect(Set(changes.paths) == expected)
        }
    }

    @Test func testHistoryFromItsRootCommit_costsTheRootsDiffAndOneComparison_notADiffPerCommit() async throws {
        // Given a new project whose whole history (30 commits, from its root commit) is announced at once
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        let shas = project.commits(30, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let source = GitLabProjectSource(client: harness.client)
            let window = try await source.commits(in: project.id, from: nil, to: shas.last!, limit: 100)
            let commits = window.commits.reversed().map(\.eventCommit)
            let ref = ProjectRef(instance: "fake", id: project.id, path: "acme/api")
            let event = WatchEvent.commitsNew(
                project: ref, branch: "main", before: nil, after: shas.last!,
                commits: CommitList(keepingEnds: commits, limit: 10), at: Date(timeIntervalSince1970: 0)
            )
            fake.resetRequestLog()

            // When its changed paths are asked
            let changes = try await GitLabChangedPaths(source: source, project: project.id).changeSet(for: event)

            // Then two requests answer it, with every file of the history
            #expect(fake.requestCount(matching: .pathContaining("/diff")) == 1)
            #expect(fake.requestCount(matching: .pathContaining("/compare")) == 1)
            var expected = Set<String>()
            for sha in shas {
                expected.formUnion(try await source.diff(of: sha, in: project.id).map(\.newPath))
            }
            #expect(expected.count > 1)
            #expect(Set(changes.paths) == expected)
            #expect(!changes.isTruncated)
        }
    }
}
