/// A branch's pushes between two of its heads, as GitLab's push events tell them: each push event names the head
/// it moved the branch from and to (`commit_from`, `commit_to`; all zeros for a branch created or deleted), so the
/// events of every push since a head link it to the head now.
///
/// GitLab writes push events in a background job (docs/gitlab-api.md "Events"): an event may be missing for a
/// while, and a later one visible before it. A chain that does not link yet says so, and the caller may read the
/// events again a little later; one that links is the whole story, and says whether the branch was deleted on
/// the way (deleted and created again, not force-pushed).
enum PushChain: Equatable {
    /// The events link `from` to `to`; `deleted`: one of them deleted the branch.
    case linked(deleted: Bool)
    /// They do not link (yet): an event is missing. `waitable` is false when reading again cannot help: a bulk
    /// push event (more refs than GitLab's `push_event_activities_limit` at once) names no ref.
    case broken(waitable: Bool)

    /// Links `branch`'s push events among `events` (any order) from head `from` to head `to`.
    static func link(_ events: [GitLabEvent], branch: String, from: String, to: String) -> PushChain {
        var current: String? = from
        var deleted = false
        var bulk = false
        for event in events.sorted(by: { $0.id < $1.id }) {
            guard let push = event.pushData, push.refType == "branch" else { continue }
            guard let ref = push.ref else {
                bulk = true
                continue
            }
            guard ref == branch else { continue }
            let before = push.commitFrom.flatMap { ProjectPoller.isNullSHA($0) ? nil : $0 }
            let after = push.commitTo.flatMap { ProjectPoller.isNullSHA($0) ? nil : $0 }
            guard before == current else { continue }
            current = after
            if after == nil { deleted = true }
            if after == to { return .linked(deleted: deleted) }
        }
        return .broken(waitable: !bulk)
    }

    /// The head `branch` had before the pushes among `events` that led to `head` (`nil` for `head`: the branch
    /// does not exist now; `nil` returned: it did not exist then). Walked back from `head`, newest first, through
    /// each push event that ended where the walk stands, so only the pushes that made `head` count: a push made
    /// after `head` was read is no part of it, even when its event is visible and an earlier one is not yet. A
    /// push whose event is missing (not written yet, or a bulk push that names no ref) ends the walk there.
    static func walkBack(_ events: [GitLabEvent], branch: String, from head: String?) -> String? {
        var current = head
        var before = Int64.max
        while true {
            let previous = events.filter { event in
                guard event.id < before, let push = event.pushData, push.refType == "branch", push.ref == branch
                else { return false }
                return Self.head(push.commitTo) == current
            }
            .max { $0.id < $1.id }
            guard let previous, let push = previous.pushData else { return current }
            current = Self.head(push.commitFrom)
            before = previous.id
        }
    }

    /// A push event's head: `nil` for git's all-zero SHA (no branch) or none.
    private static func head(_ sha: String?) -> String? {
        sha.flatMap { ProjectPoller.isNullSHA($0) ? nil : $0 }
    }
}
