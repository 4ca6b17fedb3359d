import Foundation

extension ProjectPoller {
    /// One tag of a baseline: the commit it pointed at, and its message when known.
    struct BaselineTag: Equatable {
        var sha: String
        var message: String?
    }

    /// The tag baseline as of the moment glwatch began watching the project, like the branch heads' (see
    /// `baseline(_:at:)`): the tags listed now, minus those pushed since `since`, with those deleted or moved since
    /// as they stood (their oldest push event's `commit_from`; message unknown). Empty for a project created after
    /// its target's first discovery (`isNew`), so its tags are announced; the list as it is without a watch start,
    /// or when the token may not read the project's events (push events need the Reporter role).
    ///
    /// - returns: The baseline, and whether it differs from the list (then the next read announces the difference).
    func tagsAtWatchStart(
        _ listed: [GitLabTag], since: Date?, isNew: Bool
    ) async throws -> (tags: [String: BaselineTag], differs: Bool) {
        let now = Dictionary(
            listed.map { ($0.name, BaselineTag(sha: Self.commitSHA(of: $0), message: Self.message(of: $0))) },
            uniquingKeysWith: { first, _ in first }
        )
        if isNew { return ([:], !now.isEmpty) }
        guard let since, let events = try await source.pushEventsIfReadable(in: key.id, since: since) else {
            return (now, false)
        }
        var tags = now
        var decided = Set<String>()
        for event in events.sorted(by: { $0.id < $1.id }) {
            guard let push = event.pushData, push.refType == "tag", let name = push.ref, decided.insert(name).inserted
            else { continue }
            let before = push.commitFrom.flatMap { Self.isNullSHA($0) ? nil : $0.lowercased() }
            tags[name] = before.map { BaselineTag(sha: $0, message: now[name]?.sha == $0 ? now[name]?.message : nil) }
        }
        return (tags, tags != now)
    }
}
