import FakeGitLab
import Foundation
import Notifier
import Testing

@testable import Watcher

/// A target that watches several branches, polled after a hint: when the hints since the last poll name one
/// stored branch, the poll reads that branch's head and new commits in one request, where it would read the newest
/// push event, the branch list and the range; otherwise (a new branch, several branches, a hint naming none, a
/// target with tags) it reads them as usual. The other branches keep their stored heads until their own hints or
/// the sweep.
@Suite struct ProjectPollerHintedBranchTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    func poller(
        _ harness: EngineTestHarness, _ project: FakeProject, world: ProjectPollerBaselineTests.World,
        tags: Bool = false
    ) -> ProjectPoller {
        var options = PollOptions()
        options.branches = .all
        options.tags = tags
        return ProjectPoller(
            key: harness.key(project), options: options, source: GitLabProjectSource(client: harness.client),
            store: harness.store, router: EventRouter(rules: []), sweepInterval: 600, now: { world.now }
        )
    }

    /// The paths read for `project` since request `index`.
    func reads(_ fake: FakeGitLab, _ project: FakeProject, since index: Int) -> [String] {
        fake.requests.dropFirst(index).map(\.path).filter { $0.contains("/projects/\(project.id)/") }
    }

    /// A project with main and develop, watched on every branch, after its baseline.
    func baselined(
        _ world: ProjectPollerBaselineTests.World, _ harness: EngineTestHarness, tags: Bool = false
    ) async -> (FakeProject, ProjectPoller) {
        let project = world.fake.project("acme/api")!
        let poller = poller(harness, project, world: world, tags: tags)
        _ = await poller.poll()
        world.advance(5)
        return (project, poller)
    }

    func world() -> ProjectPollerBaselineTests.World {
        let world = ProjectPollerBaselineTests.World()
        let project = world.fake.addProject("acme/api")
        project.commits(2, by: [ann])
        project.createBranch("develop", from: "main")
        return world
    }

    @Test func testOneHintedBranch_isOneRequest_andOnlyItMoves() async throws {
        let world = world()
        try await EngineTestHarness.run(world.fake) { harness throws in
            let (project, poller) = await baselined(world, harness)

            // When develop gets two commits and a hint names it
            let pushed = project.commits(2, on: "develop", by: [ann], titlePrefix: "Develop")
            poller.expectPush(.branch("develop"))
            let start = world.fake.requests.count
            #expect(await poller.poll() == .changed)

            // Then one request read develop's head and range, and the push is announced on develop
            #expect(reads(world.fake, project, since: start) == ["/api/v4/projects/\(project.id)/repository/commits"])
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.branch == "develop")
            #expect(events.first?.commits.map(\.id) == pushed)
        }
    }

    @Test func testHintsThatDoNotNameOneStoredBranch_readTheBranchListAsUsual() async throws {
        let world = world()
        try await EngineTestHarness.run(world.fake) { harness throws in
            let (project, poller) = await baselined(world, harness)
            let list = "/api/v4/projects/\(project.id)/repository/branches"

            // When a new branch is hinted, then two branches at once, then a push naming no ref
            project.createBranch("feature", from: "main")
            let onFeature = project.commits(1, on: "feature", by: [ann], titlePrefix: "Feature")
            poller.expectPush(.branch("feature"))
            var start = world.fake.requests.count
            #expect(await poller.poll() == .changed)
            let newBranch = reads(world.fake, project, since: start)

            world.advance(5)
            let onMain = project.commits(1, by: [ann], titlePrefix: "Main")
            let onDevelop = project.commits(1, on: "develop", by: [ann], titlePrefix: "Develop")
            poller.expectPush(.branch("main"))
            poller.expectPush(.branch("develop"))
            start = world.fake.requests.count
            #expect(await poller.poll() == .changed)
            let twoBranches = reads(world.fake, project, since: start)

            world.advance(5)
            let bulk = project.commits(1, on: "develop", by: [ann], titlePrefix: "Bulk")
            poller.expectPush(.unnamed)
            start = world.fake.requests.count
            #expect(await poller.poll() == .changed)
            let unnamed = reads(world.fake, project, since: start)

            // Then each read the branch list, and every push is announced
            #expect(newBranch.contains(list))
            #expect(twoBranches.contains(list))
            #expect(unnamed.contains(list))
            let events = try await harness.events(of: project)
            let announced = events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id)
            #expect(events.filter { $0.type == .branchCreated }.map(\.branch) == ["feature"])
            #expect(Set(announced) == Set(onFeature + onMain + onDevelop + bulk))
            #expect(announced.count == 4)
        }
    }

    @Test func testATargetWithTags_keepsItsProbe() async throws {
        let world = world()
        try await EngineTestHarness.run(world.fake) { harness throws in
            let (project, poller) = await baselined(world, harness, tags: true)

            // When develop is pushed to and hinted
            project.commits(1, on: "develop", by: [ann])
            poller.expectPush(.branch("develop"))
            let start = world.fake.requests.count
            #expect(await poller.poll() == .changed)

            // Then the newest push event is read (the tag step reuses it) and the list with it
            let read = reads(world.fake, project, since: start)
            #expect(read.contains("/api/v4/projects/\(project.id)/events"))
            #expect(read.contains("/api/v4/projects/\(project.id)/repository/branches"))
        }
    }

    @Test func testAnotherBranchDeletedMeanwhile_waitsForTheSweep_andIsNotLost() async throws {
        let world = world()
        try await EngineTestHarness.run(world.fake) { harness throws in
            let (project, poller) = await baselined(world, harness)

            // When develop is deleted (its hint not yet come) and main is pushed to and hinted
            project.deleteBranch("develop")
            let pushed = project.commits(1, by: [ann], titlePrefix: "Main")
            poller.expectPush(.branch("main"))
            #expect(await poller.poll() == .changed)

            // Then the hinted poll announces main's push only
            #expect(try await harness.events(of: project).map(\.type) == [.commitsNew])
            #expect(try await harness.events(of: project).first?.commits.map(\.id) == pushed)

            // And the first unhinted poll reads the list (the newest push event moved on) and announces the deletion
            world.advance(5)
            #expect(await poller.poll() == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew, .branchDeleted])
            #expect(events.last?.branch == "develop")
        }
    }

    @Test func testHintedReads_doNotPutOffTheSweep() async throws {
        // Given main and develop after the baseline (the branch list read at t = 0), and push events that GitLab
        // makes visible only a day late, so the newest visible one stays the same
        let world = world()
        try await EngineTestHarness.run(world.fake) { harness throws in
            let (project, poller) = await baselined(world, harness)
            world.fake.eventVisibility = .delayed(by: 86_400)
            let list = "/api/v4/projects/\(project.id)/repository/branches"

            // When main is pushed to and hinted halfway through the sweep interval (600 s), and develop is deleted
            // with no hint
            world.advance(295)
            let pushed = project.commits(1, by: [ann], titlePrefix: "Main")
            poller.expectPush(.branch("main"))
            var start = world.fake.requests.count
            #expect(await poller.poll() == .changed)
            #expect(reads(world.fake, project, since: start) == ["/api/v4/projects/\(project.id)/repository/commits"])
            project.deleteBranch("develop")

            // Then an unhinted poll before the sweep is due trusts the unchanged newest push event: no list read
            world.advance(200)
            start = world.fake.requests.count
            #expect(await poller.poll() == .unchanged)
            #expect(!reads(world.fake, project, since: start).contains(list))

            // And once 600 s have passed since the baseline's list read (not since the hinted read), the sweep reads
            // the list and the deletion is announced
            world.advance(150)
            start = world.fake.requests.count
            #expect(await poller.poll() == .changed)
            #expect(reads(world.fake, project, since: start).contains(list))
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew, .branchDeleted])
            #expect(events.first?.commits.map(\.id) == pushed)
            #expect(events.last?.branch == "develop")
        }
    }
}

extension ProjectPollerHintedBranchTests {
    @Test func testHintedPolls_underBadAnswersAndServerErrors_announceEveryBranchsPushesOnce() async throws {
        // Given main and develop watched on every branch, and a GitLab that answers 30 % of requests badly and 10 %
        // with a 5xx
        let world = world()
        try await EngineTestHarness.run(world.fake) { harness throws in
            let (project, poller) = await baselined(world, harness)
            world.fake.chaos = FakeChaos(seed: 18, serverErrors: 0.1, badAnswers: 0.3)
            var random = FakeSplitMix64(seed: 2027)
            var seen = 0
            var oneRequest = 0  // successful polls that read no branch list

            for round in 0..<40 {
                // When one branch gets a push (or a reset and a new commit) and a hint names it, or a branch is
                // created with a commit and hinted, and hinted polls run until one succeeds
                let branch = Bool.random(using: &random) ? "main" : "develop"
                var expected: [EventType] = [.commitsNew]
                var shas: [String]
                var hinted = branch
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    hinted = "topic-\(round)"
                    project.createBranch(hinted, from: "main")
                    shas = project.commits(1, on: hinted, by: [ann], titlePrefix: "Round \(round) topic")
                    expected = [.branchCreated, .commitsNew]
                case 1:
                    project.forcePush(branch, to: project.log(branch)[1])
                    shas = [project.commit("Round \(round) rewritten", on: branch, by: ann)]
                    expected = [.branchForcePushed]
                default:
                    shas = project.commits(Int.random(in: 1...3, using: &random), on: branch, by: [ann],
                                           titlePrefix: "Round \(round)")
                }
                world.advance(5)
                let (outcome, start) = await poller.pollUntilSuccess(hinting: .branch(hinted), on: world.fake)
                #expect(outcome != .failed, "round \(round): no poll succeeded")
                if !reads(world.fake, project, since: start).contains(where: { $0.hasSuffix("/repository/branches") }) {
                    oneRequest += 1
                }

                // Then exactly that is announced, on that branch, once
                let events = Array(try await harness.events(of: project).dropFirst(seen))
                seen += events.count
                #expect(events.map(\.type) == expected, "round \(round)")
                #expect(Set(events.map(\.branch)) == [hinted], "round \(round)")
                #expect(events.last?.commits.map(\.id) == shas, "round \(round)")
            }
            // And the pushes to stored branches took the one-request path
            #expect(oneRequest >= 20)
        }
    }
}

@Suite struct ExpectedPushesTests {
    @Test func testHints_nameOneBranchOnlyWhenTheyNameExactlyOne_andNoneThatNamesNothing() {
        var one = ExpectedPushes()
        one.add(.branch("main"))
        one.add(.branch("main"))
        var two = one
        two.add(.branch("develop"))
        var bulk = one
        bulk.add(.unnamed)

        #expect(one.onlyBranch == "main")
        #expect(two.onlyBranch == nil)
        #expect(bulk.onlyBranch == nil)
        #expect(one.mayConcern("main") && !one.mayConcern("develop"))
        #expect(bulk.mayConcern("develop"))
    }

    @Test func testAHint_namesABranchPush_orNoneForATag_orAnUnnamedOneForABulkPush() {
        #expect(HintedPush.of(ref: "main", refType: "branch") == [.branch("main")])
        #expect(HintedPush.of(ref: "v1", refType: "tag").isEmpty)
        #expect(HintedPush.of(ref: nil, refType: "branch") == [.unnamed])
        #expect(HintedPush.of(ref: nil, refType: nil) == [.unnamed])
    }
}
