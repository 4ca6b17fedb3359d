/// What a hint (the change feed, a webhook, a GraphQL head batch) says was pushed to a project: where to look,
/// never what changed.
enum HintedPush: Sendable, Hashable {
    /// A push to this branch (short name).
    case branch(String)
    /// A push that names no single ref (a bulk push of more refs than GitLab names in one event or hook).
    case unnamed

    /// The branch push a hint for `ref` of type `refType` names: none for a tag push (it moves no branch).
    static func of(ref: String?, refType: String?) -> [HintedPush] {
        guard refType != "tag" else { return [] }
        return [ref.map(HintedPush.branch) ?? .unnamed]
    }
}

/// The pushes hinted since a project's last poll began: what its next poll reads first (`ProjectPoller.expectPush`).
struct ExpectedPushes: Sendable, Equatable {
    /// The branches named.
    var branches: Set<String> = []
    /// Whether a hint named no ref.
    var unnamed = false

    /// Adds a hint.
    mutating func add(_ push: HintedPush) {
        switch push {
        case .branch(let name): branches.insert(name)
        case .unnamed: unnamed = true
        }
    }

    /// The one branch the hints name, when they name exactly one and nothing unnamed.
    var onlyBranch: String? {
        guard !unnamed, branches.count == 1 else { return nil }
        return branches.first
    }

    /// Whether the hints may concern `branch`.
    func mayConcern(_ branch: String) -> Bool { unnamed || branches.contains(branch) }
}
