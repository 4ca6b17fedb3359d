import Foundation

/// Tags, created and deleted the way `git push origin <tag>` and `git push --delete origin <tag>` do: each
/// records a push event with `ref_type` `tag` (`created`/`pushed new`, `removed`/`deleted`), as GitLab's
/// post-receive does for tag pushes (`Git::TagPushService`).
extension FakeProject {
    /// Creates (or moves, like `git tag -f` and a forced push) tag `name` at `ref`; annotated when it has a
    /// message, with an object id of its own that GitLab lists as the tag's `target`.
    public func tag(_ name: String, at ref: String, message: String? = nil) {
        let now = gitlab.store.clock.now
        let coarse = gitlab.store.configuration.coarseLastActivity
        gitlab.store.write { world in
            var project = world.project(id)
            guard let sha = project.repository.resolve(ref) else {
                preconditionFailure("FakeGitLab: unknown ref \(ref)")
            }
            let old = project.repository.tags[name]?.target
            let sequence = project.repository.nextSequence
            project.repository.nextSequence += 1
            let object = message.map { _ in
                FakeSHA.make(
                    project: id, sequence: sequence, salt: "tag \(name)", length: project.objectFormat.length
                )
            }
            project.repository.tags[name] = FakeTagRecord(
                name: name,
                target: sha,
                objectSHA: object,
                message: message,
                createdAt: message == nil ? nil : now,
                sequence: sequence
            )
            world.projects[id] = project
            world.recordPush(
                projectID: id, ref: name, refType: "tag", from: old, to: sha, count: 0, pusher: nil, now: now,
                coarseActivity: coarse
            )
        }
    }

    /// Deletes tag `name` (nothing happens when there is none); its commit stays.
    public func deleteTag(_ name: String) {
        let now = gitlab.store.clock.now
        let coarse = gitlab.store.configuration.coarseLastActivity
        gitlab.store.write { world in
            var project = world.project(id)
            guard let old = project.repository.tags.removeValue(forKey: name) else { return }
            world.projects[id] = project
            world.recordPush(
                projectID: id, ref: name, refType: "tag", from: old.target, to: nil, count: 0, pusher: nil,
                now: now, coarseActivity: coarse
            )
        }
    }

    /// The project's tags by name, each with the commit it points at.
    public var tags: [String: String] {
        gitlab.store.read { world in world.project(id).repository.tags.mapValues(\.target) }
    }
}
