/// Lists the projects a watch target covers: one request for a project, a few pages for a group (with its
/// subgroups) or the token's memberships.
///
/// Archived projects are listed too, so the engine can tell an archived project (dropped with status
/// `archived` unless the target includes them) from a deleted or moved one (dropped with status `removed`).
struct ProjectDiscovery: Sendable {
    /// The client of the target's host.
    let client: GitLabClient

    /// The projects `scope` covers now.
    func projects(in scope: WatchScope) async throws(GitLabError) -> [GitLabProject] {
        switch scope {
        case .project(let ref):
            return [try await client.projects.get(ref)]
        case .group(let ref, let includeSubgroups, _):
            let options = GitLabGroupProjectsOptions(
                includeSubgroups: includeSubgroups,
                withShared: false,
                perPage: 100
            )
            return try await client.groups.projects(of: ref, options: options).loadAll()
        case .membership:
            let options = GitLabProjectListOptions(membership: true, keyset: true, perPage: 100)
            return try await client.projects.list(options).loadAll()
        }
    }
}

extension WatchScope {
    /// Whether `project`, as GitLab shows it now (`GET /projects/:id`), belongs to the scope: `nil` when the
    /// project's record cannot tell (a group named by id with subgroups, or memberships).
    ///
    /// A listing that leaves out a project the scope still covers was cut short (a page lost, or shifted while
    /// the list changed): such a project is not leaving the watch.
    func stillCovers(_ project: GitLabProject) -> Bool? {
        switch self {
        case .project(.id(let id)):
            return project.id == id
        case .project(.path(let path)):
            return project.pathWithNamespace.lowercased() == path.lowercased() ? true : nil
        case .group(let ref, let includeSubgroups, let includeArchived):
            if project.archived == true, !includeArchived { return false }
            switch ref {
            case .path(let group):
                let namespace = (project.namespace?.fullPath ?? parentPath(of: project.pathWithNamespace)).lowercased()
                let group = group.lowercased()
                return namespace == group || (includeSubgroups && namespace.hasPrefix(group + "/"))
            case .id(let id):
                if project.namespace?.id == id { return true }
                return includeSubgroups ? nil : false
            }
        case .membership(let includeArchived):
            if project.archived == true, !includeArchived { return false }
            return nil
        }
    }

    private func parentPath(of path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// The scope as `project.removed` reasons name it: `group acme`, `the token's memberships`.
    var departureName: String {
        switch self {
        case .project(let ref): "\(ref)"
        case .group(let ref, _, _): "\(ref)"
        case .membership: "the token's memberships"
        }
    }

    /// Whether archived projects of the scope are watched (a project target always is, as named).
    var includesArchived: Bool {
        switch self {
        case .project: true
        case .group(_, _, let includeArchived): includeArchived
        case .membership(let includeArchived): includeArchived
        }
    }
}
