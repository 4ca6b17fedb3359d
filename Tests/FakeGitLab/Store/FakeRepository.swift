import Foundation

/// A project's git repository in the fake: an object store of commits (never garbage-collected, like GitLab
/// until housekeeping runs, so a force-pushed-away head stays resolvable), branches and tags.
struct FakeRepository: Sendable {
    var commits: [String: FakeCommitRecord] = [:]
    var branches: [String: String] = [:]
    var tags: [String: FakeTagRecord] = [:]
    var protectedBranches: Set<String> = []
    var nextSequence = 0

    var isEmpty: Bool { commits.isEmpty }

    /// The SHA `ref` names as git resolves a revision (gitrevisions(7)): a full ref name (`refs/heads/<branch>`,
    /// `refs/tags/<tag>`), a tag, a branch (a tag of the same name wins, as in git), a full SHA or an unambiguous
    /// SHA prefix of at least 4 digits.
    func resolve(_ ref: String) -> String? {
        if ref.hasPrefix("refs/heads/") { return branches[String(ref.dropFirst("refs/heads/".count))] }
        if ref.hasPrefix("refs/tags/") { return tags[String(ref.dropFirst("refs/tags/".count))]?.target }
        if let tag = tags[ref] { return tag.target }
        if let sha = branches[ref] { return sha }
        if commits[ref] != nil { return ref }
        guard ref.count >= 4, ref.allSatisfy(\.isHexDigit) else { return nil }
        let lowered = ref.lowercased()
        let matches = commits.keys.filter { $0.hasPrefix(lowered) }
        return matches.count == 1 ? matches.first : nil
    }

    /// Housekeeping (`git gc --prune`): forgets every commit no branch or tag reaches; returns how many.
    mutating func pruneUnreachable() -> Int {
        let live = reachable(from: Array(branches.values) + tags.values.map(\.target))
        let before = commits.count
        commits = commits.filter { live.contains($0.key) }
        return before - commits.count
    }

    /// Every commit reachable from `tips` (following all parents, or only first parents).
    func reachable(from tips: [String], firstParent: Bool = false) -> Set<String> {
        var seen: Set<String> = []
        var stack = tips
        while let sha = stack.popLast() {
            guard seen.insert(sha).inserted, let commit = commits[sha] else { continue }
            stack += firstParent ? Array(commit.parents.prefix(1)) : commit.parents
        }
        return seen
    }

    /// The files commit `sha` changes as GitLab's commit diff shows them: against its first parent. For a merge
    /// commit that is what the merged side brought in (`git diff <first parent> <merge>`), not nothing: the
    /// files of every commit reachable from the merge and not from its first parent, summed per path (the fake
    /// keeps no file contents, so a change undone on the merged side still counts). Empty for an unknown commit.
    func changedFiles(of sha: String) -> [FakeCommitFile] {
        guard let commit = commits[sha] else { return [] }
        guard commit.parents.count > 1 else { return commit.files }
        let mainline = reachable(from: [commit.parents[0]])
        var files: [String: FakeCommitFile] = [:]
        for merged in reachable(from: [sha]).subtracting(mainline).compactMap({ commits[$0] }) {
            for file in merged.files {
                var sum = files[file.path] ?? FakeCommitFile(path: file.path, additions: 0, deletions: 0)
                sum.additions += file.additions
                sum.deletions += file.deletions
                files[file.path] = sum
            }
        }
        return files.keys.sorted().map { files[$0]! }
    }

    /// Whether `ancestor` is reachable from `descendant`.
    func isAncestor(_ ancestor: String, of descendant: String) -> Bool {
        reachable(from: [descendant]).contains(ancestor)
    }

    /// The best common ancestor of `shas`: a common ancestor that no other common ancestor descends from
    /// (the newest one when several qualify).
    func mergeBase(_ shas: [String]) -> String? {
        guard var common = shas.first.map({ reachable(from: [$0]) }) else { return nil }
        for sha in shas.dropFirst() { common.formIntersection(reachable(from: [sha])) }
        let best = common.filter { candidate in
            !common.contains { other in other != candidate && isAncestor(candidate, of: other) }
        }
        return best.max { (commits[$0]?.sequence ?? 0) < (commits[$1]?.sequence ?? 0) }
    }
}
