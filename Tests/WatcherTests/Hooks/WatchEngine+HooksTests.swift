import FakeGitLab
import Foundation
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

/// The engine with webhook hints, against the fake GitLab in virtual time: a hook polls its project at once (not
/// at the next interval), a flood for one project makes one poll, tags and unwatched projects are only counted,
/// and a project_create hook runs discovery at once.
@Suite(.timeLimit(.minutes(5))) struct WatchEngineHooksTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    private func world(_ scheduler: TestScheduler, projects: [String]) -> (FakeGitLab, [FakeProject]) {
        let fake = FakeGitLab(configuration: FakeGitLabConfiguration(clock: FakeGitLabClosureClock { scheduler.now }))
        let made = projects.map { fake.addProject($0) }
        for project in made { project.commits(1, by: [ann]) }
        return (fake, made)
    }

    /// Starts `engine` at 0 and waits for discovery and the baselines (polled at 1, done by 2).
    private func startAndBaseline(
        _ engine: WatchEngine,
        _ scheduler: TestScheduler,
        _ counter: ActivityCounter,
        projects: [ProjectKey]
    ) async throws -> any Disposable {
        let running = engine.start()
        do {
            scheduler.advanceTo(1)
            try await counter.wait { if case .discovered = $0 { true } else { false } }
            scheduler.advanceTo(2)
            for key in projects { try await counter.waitForPolls(of: key, 1) }
        } catch {
            running.dispose()
            throw error
        }
        return running
    }

    private func push(_ project: FakeProject, ref: String = "main", type: String = "branch") -> HookHint {
        HookHint(event: type == "tag" ? "tag_push" : "push", kind: .push, project: project.id, ref: ref, refType: type)
    }

    @Test func testHint_aPushHookPollsTheProjectAtOnceAndAFloodMakesOnePoll() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects) = world(scheduler, projects: ["acme/api"])
        let api = projects[0]
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            // Given a project polled every 60 s, after its baseline (next regular poll at 62)
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler)
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(api)])
            defer { running.dispose() }

            // When it is pushed to at 10 and 50 hooks for it arrive at once
            scheduler.advanceTo(10)
            let pushed = api.commits(2, by: [ann])
            let before = fake.requests.count
            let outcomes = (0..<50).map { _ in engine.hint(push(api), instance: "fake") }
            scheduler.advanceTo(11)
            try await counter.waitForPolls(of: harness.key(api), 2)
            scheduler.advanceTo(30)

            // Then one poll starts at 10, not at 62, and finds the push
            #expect(Set(outcomes) == [.polled])
            let polls = counter.polls(of: harness.key(api))
            #expect(polls.count == 2)
            #expect(polls[1].startedAt == Date(timeIntervalSince1970: 10))
            let announced = try await harness.events(of: api).flatMap(\.commits).map(\.id)
            #expect(announced == pushed)
            // And that poll, told to expect a push, read the branch's head with its new commits: one request
            let reads = fake.requests.dropFirst(before).map(\.path)
                .filter { $0.hasPrefix("/api/v4/projects/\(api.id)/") }
            #expect(reads == ["/api/v4/projects/\(api.id)/repository/commits"])
        }
    }

    @Test func testHint_recordsWhenTheProjectLastHadAHook_atMostOnceASecond() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects) = world(scheduler, projects: ["acme/api"])
        let api = projects[0]
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            // Given a watched project after its baseline
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler)
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(api)])
            defer { running.dispose() }

            // When hooks for it arrive at 10 (a flood), and one more at 12
            scheduler.advanceTo(10)
            for _ in 0..<20 { engine.hint(push(api), instance: "fake") }
            let throttled = engine.recordHook(for: harness.key(api))
            scheduler.advanceTo(12)
            await engine.recordHook(for: harness.key(api))?.value

            // Then the flood was one write, and the store (what `glwatch status` shows) has the latest hook
            #expect(throttled == nil)
            let record = try await harness.store.projectState(harness.key(api))?.record
            #expect(record?.lastHookAt == Date(timeIntervalSince1970: 12))
        }
    }

    @Test func testHookWrites_staleEntriesArePrunedOnceThereAreMany() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects) = world(scheduler, projects: ["acme/api"])
        let api = projects[0]
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            // Given an engine that noted hook writes for many projects (ones that left the watch since)
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler)
            let stale = (0..<WatchEngine.hookWritesPruneThreshold).map { ProjectKey(instance: "gone", id: Int64($0)) }
            engine.hookWrites.withLock { written in for key in stale { written[key] = Date(timeIntervalSince1970: 0) } }

            // When a hook arrives for a watched project two seconds later
            scheduler.advanceTo(2)
            await engine.recordHook(for: harness.key(api))?.value

            // Then only that project's write is kept
            #expect(engine.hookWrites.withLock { Array($0.keys) } == [harness.key(api)])
        }
    }

    @Test func testHint_tagsUnwatchedBranchesAndUnwatchedProjectsPollNothing() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, projects) = world(scheduler, projects: ["acme/api", "other/tool"])
        let (api, tool) = (projects[0], projects[1])
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            // Given acme/api watched on its default branch only
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler)
            let counter = ActivityCounter(engine)
            let running = try await startAndBaseline(engine, scheduler, counter, projects: [harness.key(api)])
            defer { running.dispose() }

            // When hooks arrive for a tag, another branch, and a project no target watches
            scheduler.advanceTo(10)
            let tag = engine.hint(push(api, ref: "v1.0.0", type: "tag"), instance: "fake")
            let branch = engine.hint(push(api, ref: "feature"), instance: "fake")
            let unwatched = engine.hint(push(tool), instance: "fake")
            let otherInstance = engine.hint(push(api), instance: "elsewhere")
            scheduler.advanceTo(30)

            // Then nothing is polled
            #expect([tag, branch, unwatched, otherInstance] == [.filtered, .filtered, .unwatched, .unwatched])
            #expect(counter.polls(of: harness.key(api)).count == 1)
        }
    }

    @Test func testHint_aProjectCreateHookRunsDiscoveryAtOnce() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, _) = world(scheduler, projects: ["acme/api"])
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            // Given a group target whose next discovery pass is 10 minutes away
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler)
            let counter = ActivityCounter(engine)
            let running = engine.start()
            defer { running.dispose() }
            scheduler.advanceTo(1)
            try await counter.wait { if case .discovered = $0 { true } else { false } }

            // When a project is created in the group at 10 and GitLab's system hook says so
            scheduler.advanceTo(10)
            let created = fake.addProject("acme/new")
            let outcome = engine.hint(
                HookHint(event: "project_create", kind: .lifecycle, project: created.id, ref: nil, refType: nil),
                instance: "fake"
            )
            try await counter.wait(for: 2) { if case .discovered = $0 { true } else { false } }

            // Then discovery ran at once and watches it
            #expect(outcome == .discovery)
            let passes = counter.all.compactMap { if case .discovered(let report) = $0 { report } else { nil } }
            #expect(passes[1].added == [harness.key(created)])
            #expect(engine.watchedProjects.map(\.key).contains(harness.key(created)))
        }
    }

    @Test func testHint_aLifecycleHookForAnInstanceNothingWatchesIsUnwatched() async throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let (fake, _) = world(scheduler, projects: ["acme/api"])
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme", base: 60)], scheduler: scheduler)
            let running = engine.start()
            defer { running.dispose() }
            let outcome = engine.hint(
                HookHint(event: "project_destroy", kind: .lifecycle, project: 5, ref: nil, refType: nil),
                instance: "elsewhere"
            )
            #expect(outcome == .unwatched)
        }
    }
}
