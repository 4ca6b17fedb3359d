import Foundation
import Notifier

/// The tag step of a poll (targets with `tags: true`): reads the project's tags only when something says they
/// may have changed, diffs them against the stored ones and describes the difference as events.
///
/// The tag list is read (`GET /projects/:id/repository/tags`, every page) when
/// - the project's tags are not tracked yet: the list is recorded silently (the tag baseline; on a project's first
///   poll as of the watch start, see `tagsAtWatchStart`);
/// - the id of the project's newest push event differs from the one at the last read (a tag push writes a push
///   event with `ref_type` `tag`, docs/gitlab-api.md "Tags"; a change feed hint for a tag wakes the project, and
///   this probe then sees it), or the project's push events cannot be read;
/// - the last read is older than `sweepInterval` (the sweep: a push event made visible late is not missed).
///
/// A tag moved to another commit is `tag.deleted` (old commit) then `tag.created` (new commit): the two facts a
/// receiver needs, each with a stable content-derived id, and no third event type. A tag missing from the list is
/// confirmed missing with one request first, so a list that shifted while it was paged never deletes a tag.
extension ProjectPoller {
    /// How long push events are trusted when `engine.sweep_interval` is not set: 10 minutes.
    static let defaultSweepInterval: TimeInterval = 600

    /// When the tags were last read, and the newest push event id then.
    struct TagCheck: Sendable, Equatable {
        /// The newest push event id at that read (`nil`: none, or the events are not readable).
        var pushEventID: Int64?
        /// Whether the push events could be read then.
        var eventsReadable: Bool
        /// When the tags were read.
        var at: Date
    }

    /// What the tag step found: the store updates and events for the poll's change, and the check to remember
    /// once that change is stored.
    struct TagStep {
        var updates: [StateChange.TagUpdate] = []
        var events: [WatchEvent] = []
        var check: TagCheck?
    }

    /// The tag step of a poll of a project whose stored tags are `stored` (`nil`: not tracked).
    ///
    /// - parameter probedPushEventID: the newest push event id the head observation already read, if it did
    ///   (`.some(nil)`: it read that there is none); `nil` when it did not look, so the step probes on its own.
    /// - parameter start: when glwatch began watching the project, for the tag baseline (see
    ///   `tagsAtWatchStart`); `nil`: as of now.
    func tagStep(
        stored: [StoredTag]?, probedPushEventID: Int64??, ref: ProjectRef, at time: Date, start: WatchStart? = nil
    ) async throws -> TagStep {
        guard options.tags else {
            // Tags turned off: forget them, so turning them on again starts from a new silent baseline.
            return TagStep(updates: stored == nil ? [] : [.untrack(project: key)])
        }
        let probe: (id: Int64?, readable: Bool)
        if let probed = probedPushEventID {
            probe = (probed, true)
        } else {
            probe = try await newestPushEventIDIfReadable()
        }
        let check = TagCheck(pushEventID: probe.id, eventsReadable: probe.readable, at: time)
        if stored != nil, let last = lastTagCheck, probe.readable, last.eventsReadable, last.pushEventID == probe.id,
            time.timeIntervalSince(last.at) < sweepInterval
        {
            return TagStep()
        }
        let listed = try await source.tags(in: key.id)
        guard let stored else {
            let baseline = try await tagsAtWatchStart(
                listed, since: start?.since, isNew: start?.isNew ?? false
            )
            let sets = baseline.tags.sorted { $0.key < $1.key }.map { name, tag in
                StateChange.TagUpdate.set(project: key, tag: name, sha: tag.sha, message: tag.message)
            }
            // A baseline older than the list: no check is remembered, so the next poll reads and announces.
            return TagStep(updates: [.track(project: key)] + sets, check: baseline.differs ? nil : check)
        }
        var step = TagStep(check: check)
        let known = Dictionary(stored.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let now = Dictionary(listed.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(known.keys).union(now.keys).sorted() {
            switch (known[name], now[name]) {
            case (nil, let new?):
                step.events.append(created(new, ref: ref, at: time))
                step.updates.append(update(for: new))
            case (let old?, nil):
                if try await source.tagExists(name, in: key.id) { continue }
                step.events.append(deleted(old, ref: ref, at: time))
                step.updates.append(.delete(project: key, tag: name))
            case (let old?, let new?) where Self.commitSHA(of: new) != old.sha.lowercased():
                step.events += [deleted(old, ref: ref, at: time), created(new, ref: ref, at: time)]
                step.updates.append(update(for: new))
            case (let old?, let new?) where Self.message(of: new) != old.message:
                // Re-annotated on the same commit: stored only, as its events would repeat the first ones' ids.
                step.updates.append(update(for: new))
            default:
                continue
            }
        }
        return step
    }

    private func created(_ tag: GitLabTag, ref: ProjectRef, at time: Date) -> WatchEvent {
        .tagCreated(
            project: ref, tag: tag.name, sha: Self.commitSHA(of: tag), message: Self.message(of: tag),
            commit: tag.commit?.eventCommit, at: time
        )
    }

    private func deleted(_ tag: StoredTag, ref: ProjectRef, at time: Date) -> WatchEvent {
        .tagDeleted(project: ref, tag: tag.name, lastSHA: tag.sha, message: tag.message, at: time)
    }

    /// The newest push event id, and whether the token may read the project's events (Reporter or above).
    private func newestPushEventIDIfReadable() async throws -> (id: Int64?, readable: Bool) {
        do {
            return (try await source.newestPushEventID(in: key.id), true)
        } catch {
            switch error {
            case .forbidden, .notFound: return (nil, false)
            default: throw error
            }
        }
    }

    private func update(for tag: GitLabTag) -> StateChange.TagUpdate {
        .set(project: key, tag: tag.name, sha: Self.commitSHA(of: tag), message: Self.message(of: tag))
    }

    /// The commit a tag points at: its `commit.id` (an annotated tag's `target` is the tag object).
    static func commitSHA(of tag: GitLabTag) -> String {
        (tag.commit?.id ?? tag.target ?? "").lowercased()
    }

    /// An annotated tag's message; `nil` for a lightweight tag (GitLab lists an empty or null message).
    static func message(of tag: GitLabTag) -> String? {
        guard let message = tag.message, !message.isEmpty else { return nil }
        return message
    }
}
