import FakeGitLab
import Foundation
import Notifier
import RxCoreTest
import Testing

@testable import Watcher

/// Group, membership and project targets against the fake GitLab: what discovery picks up, drops and follows.
@Suite struct WatchEngineDiscoveryTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testDiscovery_projectCreatedAfterTheFirstDiscovery_isAnnouncedFromAnEmptyBaseline() async throws {
        // Given a watched group, and then a project created in it and pushed to by two people
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            let web = fake.addProject("acme/tools/web")
            let pushed = web.commits(3, by: [ann, FakeAuthor(name: "Bob Builder", email: "bob@example.com")])

            // When the next discovery picks it up
            let report = await engine.pollAllOnce()

            // Then its branch, every commit and both contributors are announced
            #expect(report.discoveries.map(\.added) == [[harness.key(web)]])
            #expect(report.polled == 2)
            let observed1 = try await harness.status(of: web)
            #expect(observed1 == .active)
            let events = try await harness.events(of: web)
            #expect(events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id) == pushed)
            #expect(events.filter { $0.type == .branchCreated }.count == 1)
            #expect(events.filter { $0.type == .contributorNew }.count == 2)
        }
    }

    @Test func testDiscovery_projectMovedInThatExistedBefore_keepsASilentBaseline() async throws {
        // Given a watched group, and a project created elsewhere before glwatch started, moved in later
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        let tool = fake.addProject("elsewhere/tool")
        tool.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            tool.move(toGroup: "acme")

            // When the next discovery picks it up
            let report = await engine.pollAllOnce()

            // Then it is watched from a silent baseline
            #expect(report.discoveries.map(\.added) == [[harness.key(tool)]])
            let observed2 = try await harness.events(of: tool)
            #expect(observed2.isEmpty)
        }
    }

    @Test func testDiscovery_withoutSubgroups_leavesSubgroupProjectsOut() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        fake.addProject("acme/tools/web")
        try await EngineTestHarness.run(fake) { harness in
            let target = WatchTarget(
                instance: "fake",
                scope: .group(.path("acme"), includeSubgroups: false),
                cadence: Cadence(base: 60)
            )
            let engine = harness.engine(targets: [target])
            _ = await engine.pollAllOnce()

            #expect(engine.watchedProjects.map(\.key) == [harness.key(api)])
        }
    }

    @Test func testDiscovery_archivedProject_isDroppedWithStatusArchived_unlessTheTargetIncludesArchived() async throws
    {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let old = fake.addProject("acme/old")
        api.commits(1, by: [ann])
        old.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            let keeping = harness.engine(targets: [harness.groupTarget("acme", includeArchived: true)])
            _ = await engine.pollAllOnce()
            old.archive()

            let report = await engine.pollAllOnce()

            #expect(report.discoveries.map(\.removed) == [[harness.key(old)]])
            #expect(report.polled == 1)
            #expect(engine.watchedProjects.map(\.key) == [harness.key(api)])
            let status = try await harness.status(of: old)
            #expect(status == .archived)
            _ = await keeping.pollAllOnce()
            #expect(keeping.watchedProjects.count == 2)
        }
    }

    @Test func testDiscovery_deletedProject_isDroppedWithStatusRemoved_andNoLongerPolled() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let gone = fake.addProject("acme/gone")
        api.commits(1, by: [ann])
        gone.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            let goneKey = harness.key(gone)
            gone.delete()
            fake.resetRequestLog()

            let report = await engine.pollAllOnce()

            #expect(report.discoveries.map(\.removed) == [[goneKey]])
            #expect(report.isSuccess)
            let status = try await harness.store.projectState(goneKey)?.record.status
            #expect(status == .removed)
            #expect(!fake.requests.contains { $0.path.contains("/projects/\(goneKey.id)/") })
        }
    }

    @Test func testDiscovery_projectMovedOutOfTheGroup_isDropped() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            api.move(toGroup: "elsewhere")

            let report = await engine.pollAllOnce()

            #expect(report.discoveries.map(\.removed) == [[harness.key(api)]])
            #expect(engine.watchedProjects.isEmpty)
            let status = try await harness.status(of: api)
            #expect(status == .removed)
        }
    }

    @Test func testDiscovery_renamedProject_isFollowedById_announcedOnce_andStillWatched() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            api.rename(to: "acme/service")

            let renamed = await engine.pollAllOnce()
            let pushed = api.commits(2, by: [ann])
            _ = await engine.pollAllOnce()

            #expect(renamed.discoveries.map(\.renamed) == [[harness.key(api)]])
            #expect(renamed.discoveries.map(\.added) == [[]])
            #expect(engine.watchedProjects.map(\.path) == ["acme/service"])
            let events = try await harness.events(of: api)
            #expect(events.map(\.type) == [.projectRenamed, .commitsNew])
            #expect(events.first?.project.path == "acme/service")
            #expect(events.last?.commits.map(\.id) == pushed)
        }
    }

    @Test func testDiscovery_membershipTarget_watchesExactlyTheTokensProjects() async throws {
        let fake = FakeGitLab()
        let alice = fake.addUser("alice")
        let token = fake.addPersonalAccessToken(for: alice)
        let mine = fake.addProject("acme/mine", visibility: .private, members: [alice])
        let owned = fake.addProject("alice/owned", owner: alice)
        fake.addProject("acme/theirs")
        try await EngineTestHarness.run(fake, auth: .privateToken(GitLabSecret(token))) { harness in
            let target = WatchTarget(instance: "fake", scope: .membership(), cadence: Cadence(base: 60))
            let engine = harness.engine(targets: [target])

            let report = await engine.pollAllOnce()

            #expect(Set(engine.watchedProjects.map(\.key)) == [harness.key(mine), harness.key(owned)])
            #expect(report.polled == 2)
        }
    }

    @Test func testProjectTarget_byPath_isResolvedToItsId_andFollowedAcrossARename() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let target = WatchTarget(instance: "fake", scope: .project(.path("acme/api")), cadence: Cadence(base: 60))
            let engine = harness.engine(targets: [target])
            _ = await engine.pollAllOnce()
            #expect(engine.watchedProjects.map(\.key) == [harness.key(api)])
            api.rename(to: "acme/service")

            // The old path answers 301 to the id; the pipeline stays keyed by id and announces the new path.
            let report = await engine.pollAllOnce()

            #expect(report.isSuccess)
            #expect(engine.watchedProjects.map(\.key) == [harness.key(api)])
            let types = try await harness.events(of: api).map(\.type)
            #expect(types == [.projectRenamed])
        }
    }

    @Test func testTwoTargetsCoveringOneProject_pollItOnce_theFirstTargetOwnsIt() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let project = WatchTarget(
                instance: "fake",
                scope: .project(.id(api.id)),
                options: PollOptions(branches: .all),
                cadence: Cadence(base: 30)
            )
            let engine = harness.engine(targets: [project, harness.groupTarget("acme")])
            fake.resetRequestLog()

            let report = await engine.pollAllOnce()

            #expect(report.polled == 1)
            #expect(engine.registry.withLock { $0.pipelines[harness.key(api)]?.target } == project)
        }
    }

    @Test func testTargetOnAnUnknownInstance_isAFailedDiscovery_notSilentlySkipped() async throws {
        let fake = FakeGitLab()
        fake.addProject("acme/api")
        try await EngineTestHarness.run(fake) { harness in
            let target = WatchTarget(instance: "nowhere", scope: .group(.path("acme")), cadence: Cadence(base: 60))
            let engine = harness.engine(targets: [target])

            let report = await engine.pollAllOnce()

            #expect(!report.isSuccess)
            #expect(report.discoveries.first?.failure == "no GitLab instance named \"nowhere\" is configured")
        }
    }

    @Test func testFirstDiscoveryFailed_aPushBeforeTheNextPass_isAnnounced() async throws {
        // Given a watched group whose first discovery pass, at 0 s, fails (GitLab's clock is the engine's)
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let fake = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { scheduler.now }))
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")], scheduler: scheduler)
            fake.inject(FakeFault(.status(404), on: .pathContaining("/groups/")))
            #expect(await engine.pollAllOnce().discoveryFailures == 1)

            // When a push is made at 10 s, and the next pass, at 30 s, lists the project
            scheduler.advanceTo(10)
            let pushed = api.commits(2, by: [ann])
            scheduler.advanceTo(30)
            #expect(await engine.pollAllOnce().discoveries.map(\.added) == [[harness.key(api)]])

            // Then the project is watched from the first attempt, so the push is announced
            let recorded = try await harness.store.beginWatching(
                [.project(harness.key(api), since: .distantFuture, isNew: false)]
            )
            #expect(recorded.first?.since == Date(timeIntervalSince1970: 0))
            let events = try await harness.events(of: api)
            #expect(events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id) == pushed)
        }
    }

    @Test func testDiscoveryFailure_keepsThePreviousProjects() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            fake.inject(FakeFault(.status(404), on: .pathContaining("/groups/")))

            let report = await engine.pollAllOnce()

            #expect(report.discoveryFailures == 1)
            #expect(report.discoveries.first?.failure?.contains("404") == true)
            #expect(report.polled == 1)
            let status = try await harness.status(of: api)
            #expect(status == .active)
        }
    }
}

extension WatchEngineDiscoveryTests {
    @Test func testDiscovery_defaultBranchSwitched_followsTheNewDefault_withoutReannouncingItsHistory() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(3, by: [ann])
        api.createBranch("develop", from: "main")
        let before = api.commits(2, on: "develop", by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            api.setDefaultBranch("develop")
            _ = await engine.pollAllOnce()
            let pushed = api.commits(1, on: "develop", by: [ann])
            _ = await engine.pollAllOnce()

            let events = try await harness.events(of: api)
            let announced = events.filter { $0.type == .commitsNew }.flatMap(\.commits).map(\.id)
            // What develop had beyond main when it became the default, then the new push; never main's history.
            #expect(announced == before + pushed)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testDiscovery_runsAtStartThenOnItsOwnCadence_andRetriesSoonerAfterFailures() async throws {
        let fake = FakeGitLab()
        fake.addProject("acme/api").commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)],
                scheduler: scheduler,
                configuration: EngineConfiguration(discoveryInterval: 600)
            )
            let probe = ActivityProbe(engine)
            let running = engine.start()
            defer { running.dispose() }
            var passes: [DiscoveryReport] = []
            func pass(advancingTo time: Int) async {
                scheduler.advanceTo(time)
                if let report = await probe.nextDiscovery() { passes.append(report) }
            }

            await pass(advancingTo: 1)
            // Two failed passes: each tries 1 + 3 times (the test client's retries of a transient 500).
            fake.inject(FakeFault(.status(500), on: .pathContaining("/groups/"), times: 8))
            let web = fake.addProject("acme/web")
            await pass(advancingTo: 601)
            await pass(advancingTo: 631)
            await pass(advancingTo: 700)

            // At start, 600 s after the first pass ended (random 0.5: no jitter), then failed passes retry after
            // 30 s and 60 s.
            #expect(passes.map { Int($0.startedAt.timeIntervalSince1970) } == [0, 601, 631, 691])
            #expect(passes.map { $0.failure != nil } == [false, true, true, false])
            #expect(passes.last?.added == [harness.key(web)])
        }
    }
}

extension WatchEngineDiscoveryTests {
    @Test func testStart_afterATargetWasDroppedWhileStopped_marksItsStoredProjectsRemoved() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let web = fake.addProject("acme/web")
        let other = fake.addProject("other/tool")
        for project in [api, web, other] { project.commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let otherTarget = WatchTarget(instance: "fake", scope: .project(.id(other.id)), cadence: Cadence(base: 60))
            _ = await harness.engine(targets: [harness.groupTarget("acme"), otherTarget]).pollAllOnce()

            // The configuration now names only api: web and the other project are no longer watched.
            let apiTarget = WatchTarget(
                instance: "fake",
                scope: .project(.path("acme/api")),
                cadence: Cadence(base: 60)
            )
            _ = await harness.engine(targets: [apiTarget]).pollAllOnce()

            let statuses = try await harness.store.projects().map(\.status)
            #expect(statuses == [.active, .removed, .removed])
        }
    }
}
