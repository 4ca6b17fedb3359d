import Foundation

/// `git log` over the fake's commit graph, with the options GitLab passes through.
struct FakeLogQuery: Hashable, Sendable {
    var include: [String]
    var exclude: [String] = []
    var since: Date?
    var until: Date?
    var author: String?
    var path: String?
    var firstParent = false
    var topoOrder = false
}

extension FakeRepository {
    /// The commits `query` selects, newest first, the way git walks them.
    ///
    /// - default order: a walk by committer date (newest first) that emits a commit before enqueuing its
    ///   parents, so children always precede parents;
    /// - `since`: a commit older than it is skipped *and its parents are not walked* — git's behaviour, which
    ///   is why a wrongly-clocked or merged old commit can hide newer ones behind it;
    /// - `until`, `author` (a substring of `Name <email>`, case-sensitive like `git log --author`), `path`
    ///   filter without stopping the walk.
    func log(_ query: FakeLogQuery) -> [FakeCommitRecord] {
        let excluded = query.exclude.isEmpty ? [] : reachable(from: query.exclude, firstParent: query.firstParent)
        let walked = query.topoOrder ? topoWalk(query, excluded: excluded) : dateWalk(query, excluded: excluded)
        return walked.filter { commit in
            if let until = query.until, commit.committedAt > until { return false }
            if let author = query.author, !"\(commit.author.name) <\(commit.author.email)>".contains(author) {
                return false
            }
            if let path = query.path {
                let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
                return commit.files.contains { $0.path == trimmed || $0.path.hasPrefix(trimmed + "/") }
            }
            return true
        }
    }

    private func dateWalk(_ query: FakeLogQuery, excluded: Set<String>) -> [FakeCommitRecord] {
        var queue: [FakeCommitRecord] = []  // kept sorted oldest → newest; the newest is popped
        var seen: Set<String> = []
        func enqueue(_ sha: String) {
            guard !excluded.contains(sha), seen.insert(sha).inserted, let commit = commits[sha] else { return }
            let index = queue.partitioningIndex { Self.isNewer($0, than: commit) }
            queue.insert(commit, at: index)
        }
        query.include.forEach(enqueue)
        var result: [FakeCommitRecord] = []
        while let commit = queue.popLast() {
            if let since = query.since, commit.committedAt < since { continue }
            result.append(commit)
            for parent in query.firstParent ? Array(commit.parents.prefix(1)) : commit.parents { enqueue(parent) }
        }
        return result
    }

    /// `--topo-order`: every commit after all its children, one line of history at a time.
    private func topoWalk(_ query: FakeLogQuery, excluded: Set<String>) -> [FakeCommitRecord] {
        let selected = reachable(from: query.include, firstParent: query.firstParent).subtracting(excluded)
        var childCount: [String: Int] = [:]
        for sha in selected {
            guard let commit = commits[sha] else { continue }
            for parent in query.firstParent ? Array(commit.parents.prefix(1)) : commit.parents
            where selected.contains(parent) {
                childCount[parent, default: 0] += 1
            }
        }
        var stack = selected.filter { childCount[$0, default: 0] == 0 }
            .compactMap { commits[$0] }
            .sorted { !Self.isNewer($0, than: $1) }
        var result: [FakeCommitRecord] = []
        while let commit = stack.popLast() {
            if let since = query.since, commit.committedAt < since { continue }
            result.append(commit)
            let parents = query.firstParent ? Array(commit.parents.prefix(1)) : commit.parents
            for parent in parents.reversed() where selected.contains(parent) {
                childCount[parent, default: 0] -= 1
                if childCount[parent] == 0, let record = commits[parent] { stack.append(record) }
            }
        }
        return result
    }

    /// Date order with creation order breaking ties (same-second commits are common).
    static func isNewer(_ lhs: FakeCommitRecord, than rhs: FakeCommitRecord) -> Bool {
        lhs.committedAt != rhs.committedAt ? lhs.committedAt > rhs.committedAt : lhs.sequence > rhs.sequence
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for an array partitioned by it.
    fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
