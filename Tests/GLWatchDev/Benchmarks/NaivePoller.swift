import Foundation
import Watcher

/// The baseline `glwatch-dev bench engine` compares with: every cycle, the first page of the commit list of every
/// project (GitLab's default 20 per page), as a simple cron-style poller would do it.
///
/// It is cheaper to write than correct: a push of more than a page is cut short, and merges or rebases reorder the
/// list; it is here for its cost, not its answers.
struct NaivePoller {
    /// The client of the fake.
    let client: GitLabClient
    /// Every project.
    let projectIDs: [Int64]
    /// Requests in flight at once.
    let concurrency: Int

    /// What a run cost.
    struct Cost {
        var requests: Int
        var bytes: Int
        var cpu: Duration
    }

    /// Polls every project once per `interval`, `cycles` times.
    func run(cycles: Int, interval: TimeInterval, counting: ByteCountingTransport) async throws -> Cost {
        counting.reset()
        let clock = ContinuousClock()
        let started = clock.now
        let cpuStart = ProcessStats.cpuTime()
        for cycle in 0..<cycles {
            try await pollAll()
            try await clock.sleep(until: started + .seconds(interval * Double(cycle + 1)))
        }
        let totals = counting.totals
        return Cost(requests: totals.requests, bytes: totals.bytes, cpu: ProcessStats.cpuTime() - cpuStart)
    }

    private func pollAll() async throws {
        let client = client
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            func add() {
                let id = projectIDs[next]
                next += 1
                group.addTask {
                    _ = try await client.commits.list(of: .id(id), options: GitLabCommitListOptions(perPage: 20)).page(1)
                }
            }
            while next < min(concurrency, projectIDs.count) { add() }
            while try await group.next() != nil {
                if next < projectIDs.count { add() }
            }
        }
    }
}
