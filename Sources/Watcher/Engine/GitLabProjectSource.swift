/// Answers the engine's questions with a `GitLabClient`.
struct GitLabProjectSource: ProjectSource {
    /// The client of the project's host.
    let client: GitLabClient
    /// Page size for lists (GitLab's maximum, so a range costs as few requests as possible).
    var perPage = 100

    func project(_ id: Int64) async throws(GitLabError) -> GitLabProject {
        try await client.projects.get(.id(id))
    }

    func head(of branch: String, in project: Int64) async throws(GitLabError) -> GitLabCommit? {
        do {
            return try await client.repositories.branch(branch, of: .id(project)).commit
        } catch .notFound(_, .branch, _) {
            return nil
        }
    }

    func branches(in project: Int64) async throws(GitLabError) -> [GitLabBranch] {
        try await client.repositories.branches(of: .id(project), perPage: perPage).loadAll()
    }

    func newestPushEventID(in project: Int64) async throws(GitLabError) -> Int64? {
        var options = GitLabEventListOptions.pushes
        options.perPage = 1
        return try await client.events.project(.id(project), options: options).page(1).items.first?.id
    }

    func commits(in project: Int64, from: String?, to: String, limit: Int) async throws(GitLabError) -> CommitWindow {
        var options = GitLabCommitListOptions()
        options.refName = from.map { "\($0)..\(to)" } ?? to
        options.trailers = true
        options.perPage = min(perPage, max(1, limit))
        let paginator = client.commits.list(of: .id(project), options: options)
        var commits: [GitLabCommit] = []
        var number = 1
        while commits.count < limit {
            let page = try await paginator.page(number)
            commits.append(contentsOf: page.items.prefix(limit - commits.count))
            guard let next = page.nextPage, !page.items.isEmpty else {
                return CommitWindow(commits: commits, isComplete: true)
            }
            number = next
        }
        return CommitWindow(commits: commits, isComplete: false)
    }

    func isAncestor(_ ancestor: String, of descendant: String, in project: Int64) async throws(GitLabError) -> Bool {
        try await client.repositories.mergeBase(of: [ancestor, descendant], in: .id(project)).id == ancestor
    }

    func contributors(in project: Int64) async throws(GitLabError) -> [GitLabContributor] {
        try await client.repositories.contributors(of: .id(project), perPage: perPage).loadAll()
    }

    func hasCommit(by email: String, reachableFrom revision: String, in project: Int64) async throws(GitLabError)
        -> Bool
    {
        var options = GitLabCommitListOptions()
        options.refName = revision
        options.author = email
        options.perPage = 1
        return try await !client.commits.list(of: .id(project), options: options).page(1).items.isEmpty
    }
}
