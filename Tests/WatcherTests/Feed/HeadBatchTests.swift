import Foundation
import Synchronization
import Testing

@testable import Watcher

/// GraphQL head batches: chunks of `batchSize`, first sight only recorded, a moved head wakes its project, an
/// error leaves the rest to their own probes.
@Suite struct HeadBatchTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The projects woken.
    final class Woken: Sendable {
        let ids = Mutex<[Int64]>([])
        var all: [Int64] { ids.withLock { $0 } }
    }

    /// Candidates 1…count whose wakes are noted in `woken`.
    private func candidates(_ count: Int, woken: Woken) -> [HeadBatch.Candidate] {
        (1...count).map { id in
            HeadBatch.Candidate(project: Int64(id), path: "acme/p\(id)") { woken.ids.withLock { $0.append(Int64(id)) } }
        }
    }

    @Test func testRead_batchesBySizeAndOnlyRecordsFirstSight() async {
        let batch = HeadBatch(batchSize: 2)
        let woken = Woken()
        let asked = Mutex<[[String]]>([])

        let outcome = await batch.read(candidates(5, woken: woken), now: now) { paths throws(GitLabError) in
            asked.withLock { $0.append(paths) }
            return Dictionary(uniqueKeysWithValues: paths.map { ($0, GitLabBranchHead(branch: "main", sha: "a")) })
        }

        #expect(asked.withLock { $0.map(\.count) } == [2, 2, 1])
        #expect(outcome.requests == 3)
        #expect(outcome.woken == 0)
        #expect(woken.all.isEmpty)
        #expect(batch.covers(3, now: now, window: 1))
    }

    @Test func testRead_aMovedHeadWakesItsProject() async {
        let batch = HeadBatch(batchSize: 20)
        let woken = Woken()
        let heads = Mutex(["acme/p1": "a", "acme/p2": "b"])
        let fetch: @Sendable ([String]) async throws(GitLabError) -> [String: GitLabBranchHead] = { paths in
            heads.withLock { heads in
                Dictionary(uniqueKeysWithValues: paths.compactMap { path in
                    heads[path].map { (path, GitLabBranchHead(branch: "main", sha: $0)) }
                })
            }
        }
        _ = await batch.read(candidates(2, woken: woken), now: now, fetch: fetch)

        heads.withLock { $0["acme/p2"] = "c" }
        let outcome = await batch.read(candidates(2, woken: woken), now: now, fetch: fetch)

        #expect(outcome.woken == 1)
        #expect(woken.all == [2])
    }

    @Test func testRead_anErrorStopsTheBatchesAndLeavesTheRestUncovered() async {
        // Given a GitLab whose complexity limit rejects the second batch
        let batch = HeadBatch(batchSize: 2)
        let woken = Woken()
        let calls = Mutex(0)

        let outcome = await batch.read(candidates(5, woken: woken), now: now) { paths throws(GitLabError) in
            let call = calls.withLock { $0 += 1; return $0 }
            if call == 2 {
                throw GitLabError.rejected(
                    GitLabErrorContext(host: "gitlab.test", method: "POST", endpoint: "/api/graphql"),
                    status: 200,
                    message: "Query has complexity of 262, which exceeds max complexity of 250"
                )
            }
            return Dictionary(uniqueKeysWithValues: paths.map { ($0, GitLabBranchHead(branch: "main", sha: "a")) })
        }

        #expect(outcome.requests == 2)
        #expect(outcome.failure?.contains("complexity") == true)
        #expect(batch.covers(1, now: now, window: 1))
        #expect(!batch.covers(3, now: now, window: 1))
        #expect(!batch.covers(5, now: now, window: 1))
        #expect(!batch.covers(1, now: now.addingTimeInterval(2), window: 1))
    }

    @Test func testInit_clampsTheBatchSizeToGitLabsLimit() {
        #expect(HeadBatch(batchSize: 500).batchSize == 50)
        #expect(HeadBatch(batchSize: 0).batchSize == 1)
    }
}
