import FakeGitLab
import Foundation
import Logging
import Notifier
import RxCore
import Testing

@testable import Watcher

/// The engine against the fake GitLab: discovery of group and membership targets, one-shot cycles, restarts.
@Suite struct WatchEngineTests {
    let ann = FakeAuthor(name: "Ann Author", email: "ann@example.com")

    @Test func testPollAllOnce_groupTarget_baselinesThenReportsNewCommitsOnce() async throws {
        let fake = FakeGitLab()
        let api = fake.addProject("acme/api")
        let web = fake.addProject("acme/sub/web")
        api.commits(2, by: [ann])
        web.commits(1, by: [ann])
        try await EngineTestHarness.run(fake) { harness in
            let engine = harness.engine(targets: [harness.groupTarget("acme")])

            let first = await engine.pollAllOnce()
            #expect(first.polled == 2)
            #expect(first.eventsStored == 0)
            #expect(first.discoveries.map(\.added.count) == [2])

            let pushed = api.commits(3, by: [ann])
            let second = await engine.pollAllOnce()

            #expect(second.changed == 1)
            #expect(second.eventsStored == 1)
            #expect(second.isSuccess)
            let events = try await harness.events(of: api)
            #expect(events.map(\.type) == [.commitsNew])
            #expect(events.first?.commits.map(\.id) == pushed)
        }
    }
}
