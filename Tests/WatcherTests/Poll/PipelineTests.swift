import FakeGitLab
import Foundation
import Synchronization
import Testing

@testable import Watcher

/// The poll stream composed in `Pipeline.swift`: heads pass to the examining stages only where they differ from
/// the stored ones, and the stored ones are the seed of every poll.
@Suite struct PipelineTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testPoll_writeFailed_nextPollExaminesTheSameHeadsAgain() async throws {
        // Given a baselined project, a push, and a store that refuses the next write
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let refusing = RefusingStore(base: harness.store)
            let poller = harness.poller(project, store: refusing)
            #expect(await poller.poll() == .changed)
            let pushed = project.commits(2, by: [ann])
            refusing.refuseNext()

            // When one poll reads the push but cannot store it, and the next poll reads the same heads
            let failed = await poller.poll()
            let failure = poller.lastFailure
            let retried = await poller.poll()

            // Then the first fails, naming the store's reason, and the second announces the push: the heads are
            // compared with what was committed, not with what the failed poll saw
            #expect(failed == .failed)
            #expect(failure?.contains("refused for the test") == true)
            #expect(retried == .changed)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed)
        }
    }

    @Test func testPoll_newPollerOnTheSameStore_readsNoRangeForStoredHeads() async throws {
        // Given a push announced by one poller
        let fake = FakeGitLab()
        let project = fake.addProject("acme/api")
        project.commits(2, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let first = harness.poller(project)
            _ = await first.poll()
            project.commits(3, by: [ann])
            #expect(await first.poll() == .changed)

            // When a new poller (a restart) polls the unchanged project
            fake.resetRequestLog()
            let outcome = await harness.poller(project).poll()

            // Then it finds nothing, reads no commit range and stores no event
            #expect(outcome == .unchanged)
            #expect(fake.requestCount(matching: .pathContaining("/compare")) == 0)
            #expect(fake.requestCount(matching: .pathContaining("/commits")) == 0)
            let events = try await harness.events(of: project)
            #expect(events.map(\.type) == [.commitsNew])
        }
    }
}

/// A store that refuses the next `apply` when asked to, and passes everything else on.
private final class RefusingStore: ForwardingStateStore {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "the write was refused for the test" }
    }

    let base: any StateStore
    private let refusals = Mutex(0)

    init(base: any StateStore) { self.base = base }

    /// Makes the next `apply` throw.
    func refuseNext() { refusals.withLock { $0 += 1 } }

    func apply(_ change: StateChange) async throws -> ApplyResult {
        let refuse = refusals.withLock { count -> Bool in
            guard count > 0 else { return false }
            count -= 1
            return true
        }
        if refuse { throw Refused() }
        return try await base.apply(change)
    }
}
