import Foundation

extension FakeAPI {
    /// `GET /projects/:id/repository/commits`, with GitLab's filters.
    ///
    /// `ref_name` (branch, tag, SHA or `A..B`), `since`, `until`, `path`, `author`, `all`, `first_parent`, `order`,
    /// `with_stats`, `trailers`.
    ///
    /// Never counts: no totals, and `X-Next-Page` whenever a page was full.
    func commits(_ project: FakeWorld.Project) -> FakeResponse {
        let repository = project.repository
        guard !repository.isEmpty else { return .message(404, "404 Repository Not Found") }
        var query = FakeLogQuery(include: [])
        if request.bool("all") == true {
            query.include = Array(repository.branches.values) + repository.tags.values.map(\.target)
        } else {
            let refName = request.param("ref_name") ?? project.defaultBranch ?? ""
            guard let (include, exclude) = parseRange(refName, in: repository) else {
                return .message(400, "ref_name is invalid")
            }
            guard let include else { return .json([]) }  // an unknown ref lists nothing
            query.include = [include]
            query.exclude = exclude.map { [$0] } ?? []
        }
        for (name, keyPath) in [("since", \FakeLogQuery.since), ("until", \FakeLogQuery.until)] {
            guard let raw = request.param(name) else { continue }
            guard let date = FakeDateFormat.parseQuery(raw) else { return .error(400, "\(name) is invalid") }
            query[keyPath: keyPath] = date
        }
        query.author = request.param("author")
        query.path = request.param("path")
        query.firstParent = request.bool("first_parent") == true
        query.topoOrder = request.param("order") == "topo"
        let stats = request.bool("with_stats") == true
        let trailers = request.bool("trailers") == true
        return paged(logCache.log(query, projectID: project.id, in: repository), countable: false) {
            renderer.commit($0, in: project, stats: stats, trailers: trailers)
        }
    }

    /// `ref_name` as (include, exclude): `nil` when malformed (GitLab's 400), include `nil` for an unknown ref.
    private func parseRange(_ refName: String, in repository: FakeRepository) -> (String?, String?)? {
        let invalid = refName.isEmpty || refName.contains("...") || refName.contains(" ") || refName.hasPrefix("-")
        guard !invalid else { return nil }
        let sides = refName.components(separatedBy: "..")
        switch sides.count {
        case 1:
            return (repository.resolve(refName), nil)
        case 2:
            guard !sides[0].isEmpty, !sides[1].isEmpty,
                let from = repository.resolve(sides[0]), let to = repository.resolve(sides[1])
            else { return nil }
            return (to, from)
        default:
            return nil
        }
    }

    /// `GET /projects/:id/repository/commits/:sha`: stats unless `stats=false`.
    func singleCommit(_ project: FakeWorld.Project, _ ref: String) -> FakeResponse {
        guard let sha = project.repository.resolve(ref), let commit = project.repository.commits[sha] else {
            return .message(404, "404 Commit Not Found")
        }
        return renderer.commit(commit, in: project, stats: request.bool("stats") ?? true, single: true).response
    }
}
