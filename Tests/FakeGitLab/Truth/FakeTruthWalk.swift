import Foundation

/// One project's walk for `FakeGroundTruth`: its push events after the start, and its commit graph.
struct FakeTruthWalk {
    /// Commits reachable from the end's heads (and from heads moved away by forced pushes and deletions), not
    /// from the start's.
    private(set) var commits: Set<String> = []
    /// Authors (lowercased e-mails) of non-merge commits among `commits` with no non-merge commit at the start.
    private(set) var contributors: Set<String> = []
    /// Push events that created, deleted or force-pushed each branch.
    private(set) var created: [String: Int] = [:]
    private(set) var deleted: [String: Int] = [:]
    private(set) var forced: [String: Int] = [:]

    init(start: FakeHistory, end: FakeHistory, projectID: Int64) {
        guard let repository = end.world.projects[projectID]?.repository else { return }
        let startRepository = start.world.projects[projectID]?.repository ?? FakeRepository()
        var tips = Array(repository.branches.values)
        let pushes = end.world.events.filter {
            $0.projectID == projectID && $0.id > start.lastEventID && $0.push.refType == "branch"
        }
        for event in pushes.sorted(by: { $0.id < $1.id }) {
            let push = event.push
            // A bulk push event (more refs than `push_event_activities_limit`) names no ref: the soak's script never
            // makes one, so a truth that meets one cannot say which branches moved and must not guess.
            guard let ref = push.ref else {
                preconditionFailure("FakeTruthWalk: bulk push event \(event.id) names no ref; the truth needs one per ref")
            }
            switch (push.commitFrom, push.commitTo) {
            case (nil, .some):
                created[ref, default: 0] += 1
            case (.some(let from), nil):
                deleted[ref, default: 0] += 1
                tips.append(from)
            case (.some(let from), .some(let to)):
                if !repository.isAncestor(from, of: to) {
                    forced[ref, default: 0] += 1
                    tips.append(from)
                }
            case (nil, nil):
                break
            }
        }
        let known = startRepository.reachable(from: Array(startRepository.branches.values))
        commits = repository.reachable(from: tips).subtracting(known)
        let baseline = Set(known.compactMap { startRepository.commits[$0] }.filter { $0.parents.count < 2 }
            .map { $0.author.email.lowercased() })
        contributors = Set(commits.compactMap { repository.commits[$0] }.filter { $0.parents.count < 2 }
            .map { $0.author.email.lowercased() }).subtracting(baseline)
    }
}
