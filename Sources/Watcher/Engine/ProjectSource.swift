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

    /// The id of the project's newest push event, or `nil` when it has none: one request. A change of this id is
    /// the cheapest "something was pushed to some branch" signal when several branches are watched.
    func newestPushEventID(in project: Int64) async throws(GitLabError) -> Int64?

    /// The commits reachable from `to` but not from `from` (every commit reachable from `to` when `from` is
    /// `nil`), newest first, stopping after `limit` commits.
    func commits(in project: Int64, from: String?, to: String, limit: Int) async throws(GitLabError) -> CommitWindow

    /// Whether `ancestor` is reachable from `descendant` (their merge base is `ancestor`): one request, asked only
    /// when a range was too long to judge a push from its oldest commit.
    func isAncestor(_ ancestor: String, of descendant: String, in project: Int64) async throws(GitLabError) -> Bool

    /// Authors GitLab's contributors endpoint knows (recent history of the default branch only; see
    /// docs/gitlab-api.md): a baseline, never a verdict.
    func contributors(in project: Int64) async throws(GitLabError) -> [GitLabContributor]

    /// Whether a commit by `email` is reachable from `revision`: one request (`commits?author=…&per_page=1`).
    func hasCommit(by email: String, reachableFrom revision: String, in project: Int64) async throws(GitLabError)
        -> Bool
}

/// Commits from a range query, newest first; `isComplete` is false when the range held more than was fetched.
struct CommitWindow: Sendable, Equatable {
    /// The commits fetched, newest first (GitLab's order).
    var commits: [GitLabCommit]
    /// Whether every commit of the range was fetched.
    var isComplete: Bool
}
