import Foundation
import GRDB

extension SQLiteStateStore: StateStore {
    /// Validates `change`, then writes all of it in one IMMEDIATE transaction (see `StateStore.apply(_:)`).
    package func apply(_ change: StateChange) async throws -> ApplyResult {
        try change.validate()
        return try await write { db in try Self.write(change, in: db) }
    }

    /// Moves each project's poll times forward to its idle poll, in one IMMEDIATE transaction.
    package func recordIdlePolls(_ polls: [IdlePoll]) async throws {
        guard !polls.isEmpty else { return }
        try await write { db in
            let stamp = try db.cachedStatement(
                sql: """
                    UPDATE project SET lastPollAt = max(coalesce(lastPollAt, 0), ?1),
                        lastSuccessAt = max(coalesce(lastSuccessAt, 0), ?1)
                    WHERE instance = ?2 AND gitlabId = ?3
                    """
            )
            for poll in polls {
                try stamp.execute(arguments: [poll.at.storeMillis, poll.project.instance, poll.project.id])
            }
        }
    }

    package func recordHooks(_ hooks: [IdlePoll]) async throws {
        guard !hooks.isEmpty else { return }
        try await write { db in
            let stamp = try db.cachedStatement(
                sql: """
                    UPDATE project SET lastHookAt = max(coalesce(lastHookAt, 0), ?1)
                    WHERE instance = ?2 AND gitlabId = ?3
                    """
            )
            for hook in hooks {
                try stamp.execute(arguments: [hook.at.storeMillis, hook.project.instance, hook.project.id])
            }
        }
    }

    package func beginWatching(_ starts: [WatchStart]) async throws -> [WatchStart] {
        guard !starts.isEmpty else { return [] }
        return try await write { db in
            let insert = try db.cachedStatement(
                sql: "INSERT INTO watchStart (subject, since, isNew) VALUES (?, ?, ?) ON CONFLICT (subject) DO NOTHING"
            )
            let select = try db.cachedStatement(sql: "SELECT since, isNew FROM watchStart WHERE subject = ?")
            return try starts.map { start in
                try insert.execute(arguments: [start.subject, start.since.storeMillis, start.isNew])
                guard let row = try Row.fetchOne(select, arguments: [start.subject]) else { return start }
                return WatchStart(subject: start.subject, since: Date(storeMillis: row["since"]), isNew: row["isNew"])
            }
        }
    }

    /// Every known project, ordered by key.
    package func projects() async throws -> [ProjectRecord] {
        let path = self.path
        return try await read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM project ORDER BY instance, gitlabId")
                .map { try ProjectRecord(storeRow: $0, path: path) }
        }
    }

    /// Projects with a recorded watch start and no record, ordered by key.
    package func unbaselinedProjects() async throws -> [ProjectKey] {
        try await read { db in
            let known = Set(
                try Row.fetchAll(db, sql: "SELECT instance, gitlabId FROM project").map {
                    ProjectKey(instance: $0["instance"], id: $0["gitlabId"])
                }
            )
            return try String.fetchAll(db, sql: "SELECT subject FROM watchStart")
                .compactMap(WatchStart.project(ofSubject:))
                .filter { !known.contains($0) }
                .sorted()
        }
    }

    /// One project's record and heads, or `nil` if unknown.
    package func projectState(_ key: ProjectKey) async throws -> ProjectState? {
        let path = self.path
        return try await read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT * FROM project WHERE instance = ? AND gitlabId = ?",
                    arguments: [key.instance, key.id]
                )
            else { return nil }
            return try Self.projectState(row: row, in: db, path: path)
        }
    }

    /// The emails among `emails` already known as contributors of `project`.
    package func knownContributors(in project: ProjectKey, among emails: Set<String>) async throws -> Set<String> {
        try await read { db in
            guard let projectID = try Self.projectID(of: project, in: db) else { return [] }
            let statement = try db.cachedStatement(
                sql: "SELECT 1 FROM contributor WHERE projectId = ? AND email = ?"
            )
            return try Set(
                emails.filter { email in
                    try Bool.fetchOne(statement, arguments: [projectID, Contributor.normalize(email: email)]) != nil
                }
            )
        }
    }

    /// The SHAs among `shas` already reported for `project`.
    package func reportedCommits(in project: ProjectKey, among shas: [String]) async throws -> Set<String> {
        try await read { db in
            guard let projectID = try Self.projectID(of: project, in: db) else { return [] }
            let statement = try db.cachedStatement(
                sql: "SELECT 1 FROM reportedCommit WHERE projectId = ? AND sha = ?"
            )
            var reported = Set<String>()
            for sha in shas {
                guard let bytes = CommitSHA.bytes(fromHex: sha) else { continue }
                if try Bool.fetchOne(statement, arguments: [projectID, bytes]) != nil {
                    reported.insert(sha)
                }
            }
            return reported
        }
    }

    // MARK: Writing a change

    /// Writes a validated change inside the caller's transaction.
    static func write(_ change: StateChange, in db: Database) throws -> ApplyResult {
        let at = change.at.storeMillis
        var projectIDs: [ProjectKey: Int64] = [:]
        func id(of key: ProjectKey) throws -> Int64 {
            if let id = projectIDs[key] { return id }
            guard let id = try projectID(of: key, in: db) else { throw StateStoreError.unknownProject(key) }
            projectIDs[key] = id
            return id
        }

        let upsertProject = try db.cachedStatement(
            sql: """
                INSERT INTO project (instance, gitlabId, path, status, lastPollAt, lastSuccessAt, consecutiveFailures,
                    lastError)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (instance, gitlabId) DO UPDATE SET path = excluded.path, status = excluded.status,
                    lastPollAt = excluded.lastPollAt, lastSuccessAt = excluded.lastSuccessAt,
                    consecutiveFailures = excluded.consecutiveFailures, lastError = excluded.lastError
                """
        )
        for project in change.projects {
            try upsertProject.execute(arguments: [
                project.key.instance, project.key.id, project.path, project.status.rawValue,
                project.lastPollAt?.storeMillis, project.lastSuccessAt?.storeMillis, project.consecutiveFailures,
                project.lastError,
            ])
        }

        let setHead = try db.cachedStatement(
            sql: """
                INSERT INTO branchHead (projectId, branch, sha, updatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (projectId, branch) DO UPDATE SET sha = excluded.sha, updatedAt = excluded.updatedAt
                """
        )
        let deleteHead = try db.cachedStatement(sql: "DELETE FROM branchHead WHERE projectId = ? AND branch = ?")
        for update in change.heads {
            switch update {
            case .set(let project, let branch, let sha):
                try setHead.execute(arguments: [try id(of: project), branch, sha.lowercased(), at])
            case .delete(let project, let branch):
                try deleteHead.execute(arguments: [try id(of: project), branch])
            }
        }

        try write(change.tags, at: at, in: db, id: id(of:))

        let insertContributor = try db.cachedStatement(
            sql: """
                INSERT INTO contributor (projectId, email, name, firstCommit, firstSeenAt) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (projectId, email) DO NOTHING
                """
        )
        for new in change.contributors {
            let contributor = new.contributor
            try insertContributor.execute(arguments: [
                try id(of: new.project), Contributor.normalize(email: contributor.email), contributor.name,
                contributor.firstCommit.lowercased(), contributor.firstSeenAt.storeMillis,
            ])
        }

        let insertCommit = try db.cachedStatement(
            sql: """
                INSERT INTO reportedCommit (projectId, sha, reportedAt) VALUES (?, ?, ?)
                ON CONFLICT (projectId, sha) DO NOTHING
                """
        )
        for commits in change.reportedCommits {
            let projectID = try id(of: commits.project)
            for sha in commits.shas {
                guard let bytes = CommitSHA.bytes(fromHex: sha) else {
                    throw StateStoreError.invalidChange("reported commit is not a hex SHA: \(sha)")
                }
                try insertCommit.execute(arguments: [projectID, bytes, at])
            }
        }

        var result = ApplyResult()
        let insertEvent = try db.cachedStatement(
            sql: """
                INSERT INTO event (id, type, projectKey, branch, payload, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO NOTHING
                """
        )
        let insertDelivery = try db.cachedStatement(
            sql: """
                INSERT INTO delivery (eventSeq, sink, projectKey, rule, template, groupKey, state, attempts,
                    nextAttemptAt, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
                """
        )
        for planned in change.events {
            let event = planned.event
            try insertEvent.execute(arguments: [
                event.id, event.type, event.projectKey, event.branch, event.payload, event.createdAt.storeMillis,
            ])
            guard db.changesCount > 0 else {
                result.duplicateEventIDs.append(event.id)
                continue
            }
            let seq = db.lastInsertedRowID
            result.insertedEventIDs.append(event.id)
            for delivery in planned.deliveries {
                try insertDelivery.execute(arguments: [
                    seq, delivery.sink, event.projectKey, delivery.rule, delivery.template, delivery.groupKey,
                    delivery.notBefore.storeMillis, at,
                ])
                result.queuedDeliveries += 1
            }
        }
        return result
    }

    // MARK: Helpers

    /// The row id of a stored project.
    static func projectID(of key: ProjectKey, in db: Database) throws -> Int64? {
        try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM project WHERE instance = ? AND gitlabId = ?"),
            arguments: [key.instance, key.id]
        )
    }

    /// A project's state from its `project` row plus its heads.
    static func projectState(row: Row, in db: Database, path: String) throws -> ProjectState {
        let record = try ProjectRecord(storeRow: row, path: path)
        let heads = try Row.fetchAll(
            db,
            sql: "SELECT branch, sha, updatedAt FROM branchHead WHERE projectId = ? ORDER BY branch",
            arguments: [row["id"] as Int64]
        ).map { BranchHead(branch: $0["branch"], sha: $0["sha"], updatedAt: Date(storeMillis: $0["updatedAt"])) }
        return ProjectState(record: record, heads: heads, tags: try tags(ofProject: row["id"], in: db))
    }
}
