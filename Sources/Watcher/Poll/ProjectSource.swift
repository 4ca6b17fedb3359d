import Foundation

/// The engine's view of a GitLab host: only the questions a poll asks, each answered with as few requests as
/// GitLab allows.
///
/// `GitLabProjectSource` answers them with the GitLab client; engine unit tests answer them from a script.
protocol ProjectSource: Sendable {
    /// The project's current record (path, default branch, archived, empty): `GET /projects/:id`.
    func project(_ id: Int64) async throws(GitLabError) -> GitLabProject

    /// The head commit of `branch`, or `nil` when the branch does not exist: one request.
    func head(of branch: String, in project: Int64) async throws(GitLabError) -> GitLabCommit?

    /// Every branch with its head commit (pages followed).
    func branches(in project: Int64) async throws(GitLabError) -> [GitLabBranch]

    /// Every tag with the commit it points at, in name order (pages followed): `GET /projects/:id/repository/tags`
    /// (docs/gitlab-api.md, "Tags"). Asked only for targets with `tags: true`.
    func tags(in project: Int64) async throws(GitLabError) -> [GitLabTag]

    /// Whether tag `name` exists: one request, asked before a tag missing from the list is reported deleted (a tag
    /// deleted while the list was paged shifts the later pages, so the list alone may skip a tag that exists).
    func tagExists(_ name: String, in project: Int64) async throws(GitLabError) -> Bool

    /// The id of the project's newest push event, or `nil` when it has none: one request. A change of this id is
    /// the cheapest "something was pushed to some branch" signal when several branches are watched.
    func newestPushEventID(in project: Int64) async throws(GitLabError) -> Int64?

    /// The project's push events created after `since` (strictly: a push at the very moment a watch began is
    /// part of its baseline), newest first (pages followed until an older event
    /// or the last page): what was pushed since a moment, with each ref's head before and after
    /// (`push_data.commit_from`/`commit_to`, docs/gitlab-api.md). Two requests or more: the newest push event is
    /// read first, and a first page that does not begin with it fails as an inconsistent list.
    func pushEvents(in project: Int64, since: Date) async throws(GitLabError) -> [GitLabEvent]

    /// The commits reachable from `to` but not from `from` (every commit reachable from `to` when `from` is
    /// `nil`), newest first, stopping after `limit` commits.
    func commits(in project: Int64, from: String?, to: String, limit: Int) async throws(GitLabError) -> CommitWindow

    /// The commits reachable from `to` committed at or after `since` (`since=`, the committer date), newest first,
    /// stopping after `limit` commits: what a branch brought lately, when no old head can bound the range.
    func commits(in project: Int64, to: String, since: Date, limit: Int) async throws(GitLabError) -> CommitWindow

    /// Whether GitLab still has commit `sha`: `false` on its 404 `Commit Not Found` (housekeeping prunes the commits
    /// no ref reaches after a grace period of about two weeks, so a force-pushed-away head can vanish).
    func commitExists(_ sha: String, in project: Int64) async throws(GitLabError) -> Bool

    /// The commits of `from..refs/heads/<branch>` now, newest first: the branch's head and what it added since
    /// head `from`, in one request where `head(of:)` and `commits(in:from:to:limit:)` take two. `nil` when one
    /// page cannot prove it: the page is empty (the branch did not move on from `from`, moved back to an ancestor
    /// of it, or is gone) or announces another page (a long push, or a list that skipped a page); the caller
    /// then reads the head on its own. Asked only when a hint says the branch was pushed to.
    func pushedRange(of branch: String, from: String, in project: Int64) async throws(GitLabError) -> CommitWindow?

    /// The best common ancestor of `first` and `second`, or `nil` when they share no history at all (a branch
    /// replaced by an unrelated one): one request, asked only when a range could not tell a push from a rewrite.
    /// GitLab's 404 `Merge Base Not Found` is that answer, not an error (docs/gitlab-api.md).
    func mergeBase(of first: String, _ second: String, in project: Int64) async throws(GitLabError) -> String?

    /// Confirms, with the merge base, a rewrite that a complete range `from..to` suggested (no commit in it has
    /// `from` as parent), and returns whether the two heads share no history at all (`unrelated`). Throws an
    /// inconsistent-answer error naming the project when `from` is an ancestor of `to` after all, or when the
    /// range is empty (`rangeIsEmpty`) although `to` is not an ancestor of `from` (a branch moved backwards; an
    /// unrelated `to` never has an empty range) — the range lost commits on the way (a page skipped) — so the poll
    /// fails and retries rather than announce a force-push that never happened, or one without its commits.
    func confirmRewrite(from: String, to: String, rangeIsEmpty: Bool, in project: Int64) async throws(GitLabError)
        -> Bool

    /// Confirms, with the merge base, that `ancestor` is reachable from `descendant` — what an empty range
    /// `descendant..ancestor` says — or throws an inconsistent-answer error naming the project: the range lost
    /// its commits on the way.
    func confirmAncestor(_ ancestor: String, of descendant: String, in project: Int64) async throws(GitLabError)

    /// The files commit `sha` changed (every page): one request per 100 files.
    func diff(of sha: String, in project: Int64) async throws(GitLabError) -> [GitLabDiff]

    /// The comparison of `from` and `to` (merge-base semantics): one request for a whole range, whose
    /// `compare_timeout` says GitLab cut the list of diffs short (its diff limits overflowed).
    func comparison(from: String, to: String, in project: Int64) async throws(GitLabError) -> GitLabComparison

    /// Authors GitLab's contributors endpoint knows (recent history of the default branch only; see
    /// docs/gitlab-api.md): a baseline, never a verdict.
    func contributors(in project: Int64) async throws(GitLabError) -> [GitLabContributor]

    /// Whether a non-merge commit by `email` is reachable from `revision` (merge commits do not make a
    /// contributor, see `GitLabCommit.isContribution`): one request (`commits?author=…`) unless the author's
    /// first commits found are merges, then pages until a non-merge one or the end.
    func hasCommit(by email: String, reachableFrom revision: String, in project: Int64) async throws(GitLabError)
        -> Bool
}

extension ProjectSource {
    /// `pushEvents(in:since:)`, or `nil` when the token may not read the project's events (403, or 404 for an
    /// endpoint it cannot see): push events need the Reporter role (docs/gitlab-api.md).
    func pushEventsIfReadable(in project: Int64, since: Date) async throws(GitLabError) -> [GitLabEvent]? {
        do {
            return try await pushEvents(in: project, since: since)
        } catch {
            switch error {
            case .forbidden, .notFound: return nil
            default: throw error
            }
        }
    }
}

/// Commits from a range query, newest first; `isComplete` is false when the range held more than was fetched.
struct CommitWindow: Sendable, Equatable {
    /// The commits fetched, newest first (GitLab's order).
    var commits: [GitLabCommit]
    /// Whether every commit of the range was fetched.
    var isComplete: Bool
}

extension CommitWindow {
    /// The window's commits that any of `heads` reaches, following the parents the window lists: with `heads` the
    /// heads stored at the last poll, the commits that were on a watched branch already, so not new wherever else
    /// they turn up (a branch created from another, a merge, the old default branch's commits after a force-push).
    /// Commits whose parents GitLab did not list are not followed.
    func reached(from heads: Set<String>) -> Set<String> {
        let byID = Dictionary(commits.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var pending = commits.map(\.id).filter(heads.contains)
        var reached = Set<String>()
        while let id = pending.popLast() {
            guard let commit = byID[id], reached.insert(id).inserted else { continue }
            pending += commit.parentIDs ?? []
        }
        return reached
    }
}

extension ProjectSource {
    /// Whether `ancestor` is reachable from `descendant`: their merge base is `ancestor` (unrelated histories
    /// have none, so it is not).
    func isAncestor(_ ancestor: String, of descendant: String, in project: Int64) async throws(GitLabError) -> Bool {
        try await mergeBase(of: ancestor, descendant, in: project) == ancestor
    }
}
