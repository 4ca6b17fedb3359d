import Foundation

/// Answers the engine's questions with a `GitLabClient`.
struct GitLabProjectSource: ProjectSource {
    /// The client of the project's host.
    let client: GitLabClient
    /// Page size for lists (GitLab's maximum, so a range costs as few requests as possible).
    var perPage = 100
    /// Where an interrupted range walk stopped (one per project pipeline, so a walk resumes at its next poll).
    var walks = CommitWalkProgress()

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

    func tags(in project: Int64) async throws(GitLabError) -> [GitLabTag] {
        try await client.repositories.tags(of: .id(project), orderBy: "name", sort: .ascending, perPage: perPage)
            .loadAll()
    }

    func tagExists(_ name: String, in project: Int64) async throws(GitLabError) -> Bool {
        do {
            _ = try await client.repositories.tag(name, of: .id(project))
            return true
        } catch .notFound(_, .tag, _) {
            return false
        }
    }

    func newestPushEventID(in project: Int64) async throws(GitLabError) -> Int64? {
        var options = GitLabEventListOptions.pushes
        options.perPage = 1
        return try await client.events.project(.id(project), options: options).page(1).items.first?.id
    }

    func pushEvents(in project: Int64, since: Date) async throws(GitLabError) -> [GitLabEvent] {
        // The newest push event first: events only ever appear, newest (highest id) first, so page 1 must begin
        // with it or a newer one. A first page that does not (one that holds another page's items, or none) would
        // hide every push since `since`, and a baseline read from it would swallow them.
        let newest = try await newestPushEventID(in: project)
        var options = GitLabEventListOptions.pushes
        options.perPage = perPage
        let paginator = client.events.project(.id(project), options: options)
        var events: [GitLabEvent] = []
        var number = 1
        while true {
            // GitLab filters a page after fetching it, so a short page is not the end: follow `next` until an
            // event older than `since` shows up.
            let page = try await paginator.page(number)
            if number == 1, let newest, let problem = Self.newestProblem(of: page.items, newest: newest) {
                throw inconsistentEvents(project, problem)
            }
            for event in page.items {
                guard let created = event.createdAt, created > since else { return events }
                events.append(event)
            }
            guard let next = page.nextPage, !page.items.isEmpty else { return events }
            number = next
        }
    }

    /// What is wrong with the first page of push events, read after event `newest` was seen: it must begin with
    /// that event or a newer one; `nil` when it does.
    static func newestProblem(of items: [GitLabEvent], newest: Int64) -> String? {
        guard let first = items.first else { return "page 1 is empty, yet push event \(newest) exists" }
        guard first.id < newest else { return nil }
        return "page 1 begins with push event \(first.id), older than push event \(newest) read just before"
    }

    /// The error for a push-event list GitLab answered inconsistently (names the project).
    private func inconsistentEvents(_ project: Int64, _ detail: String) -> GitLabError {
        .decoding(
            GitLabErrorContext(
                host: client.hostName, method: "GET", endpoint: "/projects/:id/events",
                resource: "push events of project \(project)"
            ),
            path: "$",
            detail: "an inconsistent event list (HTTP 200): \(detail); retrying at the next poll"
        )
    }

    func commits(in project: Int64, from: String?, to: String, limit: Int) async throws(GitLabError) -> CommitWindow {
        try await walk(in: project, from: from, to: to, since: nil, limit: limit)
    }

    func commits(in project: Int64, to: String, since: Date, limit: Int) async throws(GitLabError) -> CommitWindow {
        try await walk(in: project, from: nil, to: to, since: since, limit: limit)
    }

    /// The commit walk behind both `commits` methods: `from..to` (or all of `to`), committed at or after `since`
    /// when given, with every page checked (a repeated or skipped page, an empty announced one read twice, and —
    /// without `since`, where the head must come first — the head), resumed at the page that failed.
    private func walk(in project: Int64, from: String?, to: String, since: Date?, limit: Int)
        async throws(GitLabError) -> CommitWindow
    {
        let refName = from.map { "\($0)..\(to)" } ?? to
        // The walk's name, for resuming it and in errors.
        let range = since.map { "\(refName) since \($0.ISO8601Format())" } ?? refName
        var options = Self.commitList(refName, perPage: min(perPage, max(1, limit)))
        options.since = since
        let paginator = client.commits.list(of: .id(project), options: options)
        // An interrupted walk of the same range resumes at the page that failed.
        var walk = walks.start(project: project, range: range, limit: limit)
        var seen = Set(walk.commits.map(\.id))
        while walk.commits.count < limit {
            let page: GitLabPage<GitLabCommit>
            do {
                page = try await paginator.page(walk.nextPage)
            } catch {
                walks.save(walk)
                throw error
            }
            // A list that is not what it claims fails the poll rather than announce a wrong set. Nothing read so
            // far is trusted then (a skipped page's successor may already be in it): the next poll starts over.
            var problem = Self.inconsistency(of: page, number: walk.nextPage, seen: seen)
            if problem == nil {
                do {
                    problem = try await paginator.secondReadingProblem(
                        of: page, at: .page(walk.nextPage), announced: walk.nextPage > 1
                    )
                } catch {
                    walks.save(walk)
                    throw error
                }
            }
            if problem == nil, walk.nextPage == 1, since == nil {
                problem = Self.headProblem(of: page, from: from, to: to)
            }
            if let problem {
                walks.finish(project: project, range: range)
                throw inconsistent(project, range, problem)
            }
            for commit in page.items.prefix(limit - walk.commits.count) {
                seen.insert(commit.id)
                walk.commits.append(commit)
            }
            guard let next = page.nextPage, !page.items.isEmpty else {
                walks.finish(project: project, range: range)
                return CommitWindow(commits: walk.commits, isComplete: true)
            }
            walk.nextPage = next
        }
        walks.finish(project: project, range: range)
        return CommitWindow(commits: walk.commits, isComplete: false)
    }

    func pushedRange(of branch: String, from: String, in project: Int64) async throws(GitLabError) -> CommitWindow? {
        // The full ref name: a tag of the same name would win over a bare branch name (gitrevisions(7)).
        let options = Self.commitList("\(from)..refs/heads/\(branch)", perPage: perPage)
        let page: GitLabPage<GitLabCommit>
        do {
            page = try await client.commits.list(of: .id(project), options: options).page(1)
        } catch .notFound {
            return nil  // an empty repository: `head(of:)` says what there is
        } catch .rejected(_, status: 400, _) {
            return nil  // `ref_name is invalid`: the branch is gone (git cannot resolve the range's end)
        }
        // Only a page that is the whole range proves the head: neither full nor followed by another (GitLab
        // announces a next page whenever a page is full), and a page that skipped to the next one is empty when
        // the range fits in one page.
        guard !page.items.isEmpty, !page.hasNext, page.items.count < page.perPage,
            Set(page.items.map(\.id)).count == page.items.count
        else { return nil }
        return CommitWindow(commits: page.items, isComplete: true)
    }

    /// A commit list of `refName` (a ref or a range), `perPage` a page, with the trailers every announced commit
    /// carries.
    private static func commitList(_ refName: String, perPage: Int) -> GitLabCommitListOptions {
        var options = GitLabCommitListOptions()
        options.refName = refName
        options.trailers = true
        options.perPage = perPage
        return options
    }

    /// What is wrong with page `number` of a commit walk that has read `seen`: a commit it repeats, a next page
    /// that skips one, or a next page announced by a page that is not full; `nil` when it fits.
    static func inconsistency(of page: GitLabPage<GitLabCommit>, number: Int, seen: Set<String>) -> String? {
        if let repeated = page.items.first(where: { seen.contains($0.id) }) {
            return "page \(number) repeats commit \(repeated.id)"
        }
        if let next = page.nextPage, next != number + 1 {
            return "page \(number) says the next page is \(next)"
        }
        return page.continuityProblem
    }

    /// What is wrong with the first page of `from..to`: GitLab lists a range newest first from `to` itself, which
    /// is in it unless it is an ancestor of `from` (then the range is empty); a first page without it, or an empty
    /// history, lost its commits on the way (a page skipped), and announcing from it would lose them for good.
    static func headProblem(of page: GitLabPage<GitLabCommit>, from: String?, to: String) -> String? {
        if page.items.isEmpty {
            return from == nil ? "the history of \(to) came back empty" : nil
        }
        guard !page.items.contains(where: { $0.id == to }) else { return nil }
        return "page 1 lacks the range's own head \(to)"
    }

    /// The error for a commit list GitLab answered inconsistently (names the project, the range and the status).
    private func inconsistent(_ project: Int64, _ range: String, _ detail: String) -> GitLabError {
        .decoding(
            GitLabErrorContext(
                host: client.hostName, method: "GET", endpoint: "/projects/:id/repository/commits",
                resource: "commits \(range) of project \(project)"
            ),
            path: "$",
            detail: "an inconsistent commit list (HTTP 200): \(detail); retrying at the next poll"
        )
    }

    func commitExists(_ sha: String, in project: Int64) async throws(GitLabError) -> Bool {
        do {
            _ = try await client.commits.get(sha, of: .id(project))
            return true
        } catch .notFound(_, missing: .commit, _) {
            return false
        }
    }

    func mergeBase(of first: String, _ second: String, in project: Int64) async throws(GitLabError) -> String? {
        do {
            return try await client.repositories.mergeBase(of: [first, second], in: .id(project)).id
        } catch .notFound(_, missing: .other("Merge Base"), _) {
            // `not_found!("Merge Base")` (lib/api/repositories.rb): both refs resolve, and share no ancestor
            return nil
        }
    }

    func confirmRewrite(from: String, to: String, rangeIsEmpty: Bool, in project: Int64) async throws(GitLabError)
        -> Bool
    {
        guard let base = try await mergeBase(of: from, to, in: project) else {
            if rangeIsEmpty {
                throw inconsistent(project, "\(from)..\(to)", "the range is empty, yet \(to) shares no history with it")
            }
            return true
        }
        if base == from {
            throw inconsistent(
                project, "\(from)..\(to)", "no commit of the range has \(from) as parent, yet it is the merge base"
            )
        }
        if rangeIsEmpty, base != to {
            throw inconsistent(project, "\(from)..\(to)", "the range is empty, yet \(to) is not in \(from)")
        }
        return false
    }

    func confirmAncestor(_ ancestor: String, of descendant: String, in project: Int64) async throws(GitLabError) {
        guard try await !isAncestor(ancestor, of: descendant, in: project) else { return }
        throw inconsistent(project, "\(descendant)..\(ancestor)", "the range is empty, yet \(ancestor) is not in \(descendant)")
    }

    func diff(of sha: String, in project: Int64) async throws(GitLabError) -> [GitLabDiff] {
        try await client.commits.diff(sha, of: .id(project), perPage: perPage).withMaximumConcurrentPages(1).loadAll()
    }

    func comparison(from: String, to: String, in project: Int64) async throws(GitLabError) -> GitLabComparison {
        try await client.repositories.compare(.id(project), from: from, to: to)
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
        options.perPage = 20
        // GitLab has no filter for merge commits here, so skip them on the pages read. Its `author` filter is a
        // pattern over `Name <email>` (git log --author): `ann@example.com` also finds joann@example.com's
        // commits, so only commits whose author e-mail is exactly this one count.
        let paginator = client.commits.list(of: .id(project), options: options)
        let wanted = email.lowercased()
        var number = 1
        while true {
            var page = try await paginator.page(number)
            if number == 1, page.items.isEmpty {
                // An empty first page is also what a skipped one looks like, and believing it would announce an
                // old contributor as new: it is read twice before it is believed (as `loadAll()` does).
                page = try await paginator.page(1)
            }
            if page.items.contains(where: { $0.isContribution && $0.authorEmail?.lowercased() == wanted }) {
                return true
            }
            guard let next = page.nextPage, !page.items.isEmpty else { return false }
            number = next
        }
    }
}
