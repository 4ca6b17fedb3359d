import FakeGitLab
import Foundation
import Notifier
import RxCore
import RxCoreTest
import Testing

@testable import Watcher

@Suite struct IdlePollLedgerTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testIdlePolls_200Polls_costOneTransactionInsteadOf200() async throws {
        // Given a project already baselined, polled once without and once with a ledger
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let unbatched = harness.poller(project)
            _ = await unbatched.poll()
            let commits = try await CommitCounter.attach(to: harness.store)

            // When polling 200 times without a ledger (how every poll was written before)
            for _ in 0..<200 { _ = await unbatched.poll() }
            let unbatchedCommits = commits.count

            // And 200 times with one, then flushing it
            let ledger = IdlePollLedger(store: harness.store)
            let batched = harness.poller(project, idlePolls: ledger)
            var outcomes: [PollOutcome] = []
            for _ in 0..<200 { outcomes.append(await batched.poll()) }
            let beforeFlush = commits.count - unbatchedCommits
            let lastPoll = try #require(ledger.pendingPoll(of: harness.key(project)))
            try await ledger.flush()

            // Then idle polls wrote nothing until the flush, which is one transaction carrying the last poll time
            #expect(unbatchedCommits == 200)
            #expect(outcomes.allSatisfy { $0 == .unchanged })
            #expect(beforeFlush == 0)
            #expect(commits.count - unbatchedCommits == 1)
            let record = try #require(try await harness.store.projectState(harness.key(project))?.record)
            #expect(record.lastPollAt == lastPoll)
            #expect(record.lastSuccessAt == lastPoll)
            #expect(ledger.pendingCount == 0)
        }
    }

    @Test func testStateChangingPoll_isWrittenAtOnce_evenWithALedger() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let ledger = IdlePollLedger(store: harness.store)
            let poller = harness.poller(project, idlePolls: ledger)
            _ = await poller.poll()
            let commits = try await CommitCounter.attach(to: harness.store)

            project.commits(1, by: [ann])
            let outcome = await poller.poll()

            #expect(outcome == .changed)
            #expect(commits.count == 1)
            let state = try #require(try await harness.store.projectState(harness.key(project)))
            #expect(state.heads.map(\.sha) == [project.head(of: "main")])
        }
    }

    @Test func testFailuresAfterIdlePolls_areStoredAtOnce_andAFlushDoesNotResetThem() async throws {
        // Given idle polls noted but not flushed
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let ledger = IdlePollLedger(store: harness.store)
            let poller = harness.poller(project, idlePolls: ledger)
            _ = await poller.poll()
            _ = await poller.poll()
            let lastIdle = try #require(ledger.pendingPoll(of: harness.key(project)))

            // When the project fails twice, then the ledger flushes
            project.setVisibility(.private)
            _ = await poller.poll()
            _ = await poller.poll()
            try await ledger.flush()

            // Then the failure count survives (a restart reads it from the store) and the last success is the
            // idle poll's time
            let reopened = try #require(try await harness.store.projectState(harness.key(project))?.record)
            #expect(reopened.consecutiveFailures == 2)
            #expect(reopened.lastError != nil)
            #expect(reopened.lastSuccessAt == lastIdle)
            #expect(try #require(reopened.lastPollAt) > lastIdle)
        }
    }

    @Test func testRecoveryAfterFailures_isWrittenAtOnce_notBatched() async throws {
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let ledger = IdlePollLedger(store: harness.store)
            let poller = harness.poller(project, idlePolls: ledger)
            _ = await poller.poll()
            project.setVisibility(.private)
            _ = await poller.poll()
            project.setVisibility(.public)

            _ = await poller.poll()

            let record = try #require(try await harness.store.projectState(harness.key(project))?.record)
            #expect(record.consecutiveFailures == 0)
            #expect(record.lastError == nil)
            #expect(ledger.pendingCount == 0)
        }
    }

    @Test func testPollAllOnce_flushesIdlePollsInOneTransaction() async throws {
        // Given three baselined projects and an engine run once to store them
        let fake = FakeGitLab()
        let projects = ["acme/a", "acme/b", "acme/c"].map { fake.addProject($0) }
        for project in projects { project.commits(1, by: [ann]) }
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])
            _ = await engine.pollAllOnce()
            let commits = try await CommitCounter.attach(to: harness.store)

            // When a second pass finds nothing new
            let report = await engine.pollAllOnce()

            // Then the three idle polls are stored together, in one transaction
            #expect(report.polls.map(\.outcome) == [.unchanged, .unchanged, .unchanged])
            #expect(commits.count == 1)
            #expect(engine.idlePolls.pendingCount == 0)
            let polled = try await harness.store.projects().compactMap(\.lastPollAt)
            #expect(polled.count == 3)
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testStart_flushesIdlePollsOnItsInterval_inVirtualTime() async throws {
        // Given a running engine flushing idle polls every 120 s, its project baselined at 1 s
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        api.commits(1, by: [ann])
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        try await EngineTestHarness.run(fake, scheduler: scheduler) { harness in
            let flushes = FlushSpy(base: harness.store)
            let engine = harness.engine(
                targets: [harness.groupTarget("acme", base: 60)],
                store: flushes,
                scheduler: scheduler,
                configuration: EngineConfiguration(idlePollFlushInterval: 120)
            )
            let probe = ActivityProbe(engine)
            let running = engine.start()
            defer { running.dispose() }
            /// The report of the first poll that began at `seconds` or later.
            func poll(from seconds: TimeInterval) async -> PollReport? {
                while let report = await probe.nextPoll(of: harness.key(api)) {
                    if report.startedAt >= Date(timeIntervalSince1970: seconds) { return report }
                }
                return nil
            }
            scheduler.advanceTo(1)
            _ = await probe.nextDiscovery()
            // The first poll is waited for before the clock moves on: the next one is booked when it ends (at 2 s),
            // a base interval later at the fixed jitter (see `Cadence.phaseAfterFirstPoll`).
            scheduler.advanceTo(2)
            #expect(await poll(from: 1)?.baselined == true)

            // When the idle poll at 62 s is followed by the flush at 120 s
            scheduler.advanceTo(62)
            #expect(await poll(from: 62)?.outcome == .unchanged)
            let stored = try #require(try await harness.store.projectState(harness.key(api))?.record)
            scheduler.advanceTo(120)
            let flushed = await flushes.next()

            // Then the idle polls were not written by themselves, and the flush writes the last one's time
            #expect(stored.lastPollAt == Date(timeIntervalSince1970: 1))
            #expect(flushed == [IdlePoll(project: harness.key(api), at: Date(timeIntervalSince1970: 62))])
            let after = try #require(try await harness.store.projectState(harness.key(api))?.record)
            #expect(after.lastPollAt == Date(timeIntervalSince1970: 62))
        }
    }
}

/// A store that announces each batch of idle polls once it is written, so a test can await the flush.
private struct FlushSpy: ForwardingStateStore {
    let base: any StateStore
    private let written: AsyncStream<[IdlePoll]>
    private let continuation: AsyncStream<[IdlePoll]>.Continuation

    init(base: any StateStore) {
        self.base = base
        (written, continuation) = AsyncStream<[IdlePoll]>.makeStream()
    }

    /// The next batch written.
    func next() async -> [IdlePoll]? {
        for await polls in written { return polls }
        return nil
    }

    func recordIdlePolls(_ polls: [IdlePoll]) async throws {
        try await base.recordIdlePolls(polls)
        continuation.yield(polls)
    }
}
