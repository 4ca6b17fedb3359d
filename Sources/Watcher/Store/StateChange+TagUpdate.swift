extension StateChange {
    /// Changes what the store knows about one project's tags (targets with `tags: true`).
    package enum TagUpdate: Sendable, Hashable {
        /// Starts tracking the project's tags: its first tag read (the silent baseline) is done, so from now on
        /// the stored tags are all the tags glwatch knows of (none stored means none exist). Kept if already set.
        case track(project: ProjectKey)
        /// The tag (new, or moved) now points at commit `sha`, with an annotated tag's `message`.
        case set(project: ProjectKey, tag: String, sha: String, message: String?)
        /// The tag no longer exists.
        case delete(project: ProjectKey, tag: String)
        /// Stops tracking: forgets the project's tags (its target no longer has `tags: true`), so turning tags on
        /// again starts from a new silent baseline.
        case untrack(project: ProjectKey)

        /// The project the update is about.
        package var project: ProjectKey {
            switch self {
            case .track(let project), .set(let project, _, _, _), .delete(let project, _), .untrack(let project):
                project
            }
        }
    }
}
