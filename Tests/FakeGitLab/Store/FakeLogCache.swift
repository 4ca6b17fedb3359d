import Synchronization

/// Remembers recent `git log` walks so that paging through a long history costs one walk, not one per page.
///
/// Always valid without invalidation: a walk depends only on the commits reachable from the SHAs it starts and
/// stops at, and commits never change (a push adds commits and moves refs; the query names resolved SHAs).
final class FakeLogCache: Sendable {
    private struct Key: Hashable {
        let projectID: Int64
        let query: FakeLogQuery
    }

    private let entries = Mutex<[Key: [FakeCommitRecord]]>([:])
    private let capacity = 64

    /// The walk of `query` in `repository`, from the cache when possible.
    func log(_ query: FakeLogQuery, projectID: Int64, in repository: FakeRepository) -> [FakeCommitRecord] {
        let key = Key(projectID: projectID, query: query)
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let walked = repository.log(query)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll() }
            entries[key] = walked
        }
        return walked
    }
}
