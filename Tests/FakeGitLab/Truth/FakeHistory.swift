import Foundation

/// The fake GitLab's world at one moment, kept whole: every project with its repository (whose object store never
/// forgets a commit), its branch heads, whether it was archived, and the push events recorded so far.
///
/// Two of them, taken when watching began and at the end, are what `FakeGroundTruth` compares. Taking one is
/// cheap (the world is a value; later changes copy what they touch).
///
/// ```swift
/// let start = gitlab.history()
/// project.commits(3, on: "main")
/// let truth = FakeGroundTruth(start: start, end: gitlab.history())   // 3 commits to announce
/// ```
public struct FakeHistory: Sendable {
    let world: FakeWorld
    /// The id of the last event recorded when it was taken: events with a larger id happened afterwards.
    let lastEventID: Int64

    init(world: FakeWorld) {
        self.world = world
        self.lastEventID = world.events.map(\.id).max() ?? 0
    }

    /// The ids of the projects that existed, sorted.
    public var projectIDs: [Int64] { world.projects.keys.sorted() }

    /// Whether project `id` existed.
    public func contains(_ id: Int64) -> Bool { world.projects[id] != nil }

    /// The full path of project `id`, if it existed.
    public func path(of id: Int64) -> String? { world.projects[id].map { world.fullPath(of: $0) } }

    /// The branch heads of project `id` (none if it did not exist).
    public func heads(of id: Int64) -> [String: String] { world.projects[id]?.repository.branches ?? [:] }

    /// Whether project `id` was archived.
    public func isArchived(_ id: Int64) -> Bool { world.projects[id]?.archived ?? false }
}

extension FakeGitLab {
    /// The world as it is now, as a value that later changes leave alone.
    public func history() -> FakeHistory {
        store.read { FakeHistory(world: $0) }
    }
}
