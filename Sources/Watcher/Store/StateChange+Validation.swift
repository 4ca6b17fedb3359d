extension StateChange {
    /// Checks the change before any of it is written, so a malformed change is refused whole with a clear error.
    ///
    /// - Throws: `StateStoreError.invalidChange` or `.invalidSinkName`.
    func validate() throws {
        for project in projects {
            try require(!project.path.isEmpty, "project \(project.key) has an empty path")
            try require(project.consecutiveFailures >= 0, "project \(project.key) has a negative failure count")
        }
        for update in heads {
            switch update {
            case .set(let project, let branch, let sha):
                try require(!branch.isEmpty, "a head of project \(project) has an empty branch name")
                try require(CommitSHA.isValid(sha), "head of \(project) \(branch) is not a hex SHA: \(sha)")
            case .delete(let project, let branch):
                try require(!branch.isEmpty, "a head deletion of project \(project) has an empty branch name")
            }
        }
        for update in tags {
            switch update {
            case .set(let project, let tag, let sha, _):
                try require(!tag.isEmpty, "a tag of project \(project) has an empty name")
                try require(CommitSHA.isValid(sha), "tag \(tag) of \(project) is not at a hex SHA: \(sha)")
            case .delete(let project, let tag):
                try require(!tag.isEmpty, "a tag deletion of project \(project) has an empty name")
            case .track, .untrack:
                break
            }
        }
        for new in contributors {
            try require(!new.contributor.email.isEmpty, "a contributor of project \(new.project) has no email")
            try require(
                CommitSHA.isValid(new.contributor.firstCommit),
                "first commit of contributor \(new.contributor.email) in \(new.project) is not a hex SHA"
            )
        }
        for commits in reportedCommits {
            for sha in commits.shas {
                try require(
                    CommitSHA.isValid(sha),
                    "reported commit of project \(commits.project) is not a hex SHA: \(sha)"
                )
            }
        }
        for planned in events {
            let event = planned.event
            try require(!event.id.isEmpty, "an event of type \(event.type) has an empty id")
            try require(!event.type.isEmpty, "event \(event.id) has an empty type")
            try require(!event.projectKey.isEmpty, "event \(event.id) has an empty project key")
            var sinks = Set<String>()
            for delivery in planned.deliveries {
                try SinkName.validate(delivery.sink)
                try require(
                    sinks.insert(delivery.sink).inserted,
                    "event \(event.id) plans two deliveries to sink \(delivery.sink)"
                )
            }
        }
    }

    private func require(_ condition: Bool, _ reason: @autoclosure () -> String) throws {
        if !condition { throw StateStoreError.invalidChange(reason()) }
    }
}
