import RxCore

/// `client.repositories`: branches, tags, contributors, compare and merge base.
public struct GitLabRepositoriesAPI: Sendable {
    let executor: GitLabRequestExecutor

    /// `GET /projects/:id/repository/branches`, optionally filtered by `search`.
    public func branches(
        of project: GitLabProjectRef,
        search: String? = nil,
        perPage: Int? = nil
    ) -> Paginator<GitLabBranch> {
        var query = GitLabQueryBuilder()
        query.add("search", search)
        return list("branches", of: project, query: query, perPage: perPage)
    }

    /// `GET /projects/:id/repository/branches/:branch`: the cheapest change check (compare `commit.id`).
    public func branch(_ name: String, of project: GitLabProjectRef) -> Single<GitLabBranch> {
        Single.create { try await self.branch(name, of: project) }
    }

    /// `GET /projects/:id/repository/branches/:branch`; the `async` twin of `branch(_:of:)`.
    public func branch(_ name: String, of project: GitLabProjectRef) async throws(GitLabError) -> GitLabBranch {
        try await item("branches", name, of: project, parameter: "branch", noun: "branch")
    }

    /// `GET /projects/:id/repository/tags`, newest first by default.
    public func tags(
        of project: GitLabProjectRef,
        search: String? = nil,
        orderBy: String? = nil,
        sort: GitLabSort? = nil,
        perPage: Int? = nil
    ) -> Paginator<GitLabTag> {
        var query = GitLabQueryBuilder()
        query.add("search", search)
        query.addOrder(by: orderBy, sort: sort)
        return list("tags", of: project, query: query, perPage: perPage)
    }

    /// `GET /projects/:id/repository/tags/:tag_name`: one tag; a missing one is a 404 `.tag` error.
    public func tag(_ name: String, of project: GitLabProjectRef) async throws(GitLabError) -> GitLabTag {
        try await item("tags", name, of: project, parameter: "tag_name", noun: "tag")
    }

    /// `GET /projects/:id/repository/contributors`.
    ///
    /// Lossy by GitLab's design (see `GitLabContributor`): seed a baseline with it, and decide "new contributor" from
    /// your own records.
    public func contributors(
        of project: GitLabProjectRef,
        ref: String? = nil,
        orderBy: String? = nil,
        sort: GitLabSort? = nil,
        perPage: Int? = nil
    ) -> Paginator<GitLabContributor> {
        var query = GitLabQueryBuilder()
        query.add("ref", ref)
        query.addOrder(by: orderBy, sort: sort)
        return list("contributors", of: project, query: query, perPage: perPage)
    }

    /// `GET /projects/:id/repository/compare`: commits and diffs from `from` to `to`.
    ///
    /// Merge-base semantics unless `straight`.
    ///
    /// GitLab always computes diffs; a commit range list is cheaper for polling.
    public func compare(
        _ project: GitLabProjectRef,
        from: String,
        to: String,
        straight: Bool? = nil
    ) -> Single<GitLabComparison> {
        Single.create { try await self.compare(project, from: from, to: to, straight: straight) }
    }

    /// `GET /projects/:id/repository/compare`; the `async` twin of `compare(_:from:to:straight:)`.
    public func compare(
        _ project: GitLabProjectRef,
        from: String,
        to: String,
        straight: Bool? = nil
    ) async throws(GitLabError) -> GitLabComparison {
        var query = GitLabQueryBuilder()
        query.add("from", from)
        query.add("to", to)
        query.add("straight", straight)
        return try await executor.get(
            GitLabComparison.self,
            .get(
                "/projects/\(project.pathComponent)/repository/compare",
                query: query.items,
                endpoint: "/projects/:id/repository/compare",
                resource: "comparison \(from)...\(to) of \(project)"
            )
        )
    }

    /// `GET /projects/:id/repository/merge_base`: the best common ancestor of `refs` (to re-anchor after a
    /// force-push).
    public func mergeBase(of refs: [String], in project: GitLabProjectRef) -> Single<GitLabCommit> {
        Single.create { try await self.mergeBase(of: refs, in: project) }
    }

    /// `GET /projects/:id/repository/merge_base`; the `async` twin of `mergeBase(of:in:)`.
    public func mergeBase(of refs: [String], in project: GitLabProjectRef) async throws(GitLabError) -> GitLabCommit {
        try await executor.get(
            GitLabCommit.self,
            .get(
                "/projects/\(project.pathComponent)/repository/merge_base",
                query: refs.map { GitLabQueryItem("refs[]", $0) },
                endpoint: "/projects/:id/repository/merge_base",
                resource: "merge base of \(refs.joined(separator: ", ")) in \(project)"
            )
        )
    }

    /// `GET /projects/:id/repository/<collection>` (`branches`, `tags`, `contributors`), paginated by offset.
    /// `GET /projects/:id/repository/<collection>/<name>`: the one branch or tag called `name`; `parameter` is its
    /// name's placeholder in the endpoint (`:branch`), `noun` what errors call it (`branch "main" of acme/api`).
    private func item<Item: Decodable>(
        _ collection: String,
        _ name: String,
        of project: GitLabProjectRef,
        parameter: String,
        noun: String
    ) async throws(GitLabError) -> Item {
        try await executor.get(
            Item.self,
            .get(
                "/projects/\(project.pathComponent)/repository/\(collection)/\(GitLabPercentEncoding.encode(name))",
                endpoint: "/projects/:id/repository/\(collection)/:\(parameter)",
                resource: "\(noun) \"\(name)\" of \(project)"
            )
        )
    }

    private func list<Item>(
        _ collection: String,
        of project: GitLabProjectRef,
        query: GitLabQueryBuilder,
        perPage: Int?
    ) -> Paginator<Item> {
        executor.list(
            "/projects/\(project.pathComponent)/repository/\(collection)",
            query: query.items,
            endpoint: "/projects/:id/repository/\(collection)",
            resource: "\(collection) of \(project)",
            perPage: perPage
        )
    }
}
