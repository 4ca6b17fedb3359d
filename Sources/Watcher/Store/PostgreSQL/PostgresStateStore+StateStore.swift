import Foundation
import PostgresNIO

extension PostgresStateStore: StateStore {
    /// Validates `change`, then writes all of it in one transaction (see `StateStore.apply(_:)`).
    ///
    /// A change carrying a fence commits only while this replica still holds that project lease with that
    /// fencing token (`checkFence`); otherwise it throws `StateStoreError.leaseLost` and writes nothing. A change
    /// that queues deliveries wakes the other replicas when it commits (`ReplicaWake.deliveries`).
    package func apply(_ change: StateChange) async throws -> ApplyResult {
        try change.validate()
        let (logger, me) = (self.logger, replicaID)
        return try await write { connection in
            if let fence = change.fence {
                try await Self.checkFence(fence, owner: me, on: connection, logger: logger)
            }
            let result = try await Self.write(change, on: connection, logger: logger)
            if result.queuedDeliveries > 0 {
                // Committed with the deliveries: another replica's worker may send them (this one is woken by
                // the engine's activity).
                try await Self.notify(.deliveries, from: me, on: connection, logger: logger)
            }
            return result
        }
    }

    /// Moves each project's poll times forward to its idle poll, in one transaction.
    package func recordIdlePolls(_ polls: [IdlePoll]) async throws {
        guard !polls.isEmpty else { return }
        let logger = self.logger
        try await write { connection in
            for poll in polls {
                let at = poll.at.storeMillis
                try await connection.run(
                    """
                    UPDATE project SET lastPollAt = GREATEST(COALESCE(lastPollAt, 0), \(at)),
                        lastSuccessAt = GREATEST(COALESCE(lastSuccessAt, 0), \(at))
                    WHERE instance = \(poll.project.instance) AND gitlabId = \(poll.project.id)
                    """,
                    logger: logger
                )
            }
        }
    }

    /// Moves each project's last-hook time forward, in one transaction.
    package func recordHooks(_ hooks: [IdlePoll]) async throws {
        guard !hooks.isEmpty else { return }
        let logger = self.logger
        try await write { connection in
            for hook in hooks {
                try await connection.run(
                    """
                    UPDATE project SET lastHookAt = GREATEST(COALESCE(lastHookAt, 0), \(hook.at.storeMillis))
                    WHERE instance = \(hook.project.instance) AND gitlabId = \(hook.project.id)
                    """,
                    logger: logger
                )
            }
        }
    }

    /// Records each start unless its subject already has one; returns the recorded starts, in one transaction.
    package func beginWatching(_ starts: [WatchStart]) async throws -> [WatchStart] {
        guard !starts.isEmpty else { return [] }
        let logger = self.logger
        return try await write { connection in
            var recorded: [WatchStart] = []
            for start in starts {
                try await connection.run(
                    """
                    INSERT INTO watchStart (subject, since, isNew) VALUES (\(start.subject), \(start.since.storeMillis),
                        \(start.isNew))
                    ON CONFLICT (subject) DO NOTHING
                    """,
                    logger: logger
                )
                let row = try await connection.rows(
                    "SELECT since, isNew FROM watchStart WHERE subject = \(start.subject)", logger: logger
                ).first
                guard let (since, isNew) = try row?.decode((Int64, Bool).self) else {
                    recorded.append(start)
                    continue
                }
                recorded.append(WatchStart(subject: start.subject, since: Date(storeMillis: since), isNew: isNew))
            }
            return recorded
        }
    }

    /// Every known project, ordered by key.
    package func projects() async throws -> [ProjectRecord] {
        let logger = self.logger
        let location = self.location
        return try await read { connection in
            try await connection.rows(
                "SELECT \(unescaped: ProjectRecord.postgresColumns) FROM project ORDER BY instance, gitlabId",
                logger: logger
            ).map { try ProjectRecord.decode(postgresRow: $0, location: location).record }
        }
    }

    /// Projects with a recorded watch start and no record, ordered by key.
    package func unbaselinedProjects() async throws -> [ProjectKey] {
        let logger = self.logger
        return try await read { connection in
            let known = Set(
                try await connection.rows("SELECT instance, gitlabId FROM project", logger: logger).map {
                    let (instance, id) = try $0.decode((String, Int64).self)
                    return ProjectKey(instance: instance, id: id)
                }
            )
            return try await connection.rows("SELECT subject FROM watchStart", logger: logger)
                .map { try $0.decode(String.self) }
                .compactMap(WatchStart.project(ofSubject:))
                .filter { !known.contains($0) }
                .sorted()
        }
    }

    /// One project's record and heads, or `nil` if unknown.
    package func projectState(_ key: ProjectKey) async throws -> ProjectState? {
        let logger = self.logger
        let location = self.location
        return try await read { connection in
            guard
                let row = try await connection.rows(
                    """
                    SELECT \(unescaped: ProjectRecord.postgresColumns) FROM project
                    WHERE instance = \(key.instance) AND gitlabId = \(key.id)
                    """,
                    logger: logger
                ).first
            else { return nil }
            let (record, rowID) = try ProjectRecord.decode(postgresRow: row, location: location)
            return try await Self.projectState(record, rowID: rowID, on: connection, logger: logger)
        }
    }

    /// The emails among `emails` already known as contributors of `project`.
    package func knownContributors(in project: ProjectKey, among emails: Set<String>) async throws -> Set<String> {
        guard !emails.isEmpty else { return [] }
        let logger = self.logger
        let normalized = Dictionary(grouping: emails, by: Contributor.normalize(email:))
        let keys = Array(normalized.keys)
        return try await read { connection in
            let known = try await connection.rows(
                """
                SELECT c.email FROM contributor c JOIN project p ON p.id = c.projectId
                WHERE p.instance = \(project.instance) AND p.gitlabId = \(project.id) AND c.email = ANY(\(keys))
                """,
                logger: logger
            ).map { try $0.decode(String.self) }
            return Set(known.flatMap { normalized[$0] ?? [] })
        }
    }

    /// The SHAs among `shas` already reported for `project`.
    package func reportedCommits(in project: ProjectKey, among shas: [String]) async throws -> Set<String> {
        let logger = self.logger
        var byBytes: [Data: [String]] = [:]
        for sha in shas {
            guard let bytes = CommitSHA.bytes(fromHex: sha) else { continue }
            byBytes[bytes, default: []].append(sha)
        }
        guard !byBytes.isEmpty else { return [] }
        let candidates = byBytes.keys.map { ByteBuffer(bytes: $0) }
        let shasByBytes = byBytes
        return try await read { connection in
            let reported = try await connection.rows(
                """
                SELECT r.sha FROM reportedCommit r JOIN project p ON p.id = r.projectId
                WHERE p.instance = \(project.instance) AND p.gitlabId = \(project.id) AND r.sha = ANY(\(candidates))
                """,
                logger: logger
            ).map { try $0.decode(Data.self) }
            return Set(reported.flatMap { shasByBytes[$0] ?? [] })
        }
    }

    // MARK: Helpers

    /// The row id of a stored project.
    static func projectID(
        of key: ProjectKey, on connection: PostgresConnection, logger: Logger
    ) async throws -> Int64? {
        try await connection.rows(
            "SELECT id FROM project WHERE instance = \(key.instance) AND gitlabId = \(key.id)", logger: logger
        ).first?.decode(Int64.self)
    }

    /// A project's state: its record plus its heads and tags.
    static func projectState(
        _ record: ProjectRecord, rowID: Int64, on connection: PostgresConnection, logger: Logger
    ) async throws -> ProjectState {
        let heads = try await connection.rows(
            "SELECT branch, sha, updatedAt FROM branchHead WHERE projectId = \(rowID) ORDER BY branch",
            logger: logger
        ).map {
            let (branch, sha, updatedAt) = try $0.decode((String, String, Int64).self)
            return BranchHead(branch: branch, sha: sha, updatedAt: Date(storeMillis: updatedAt))
        }
        let tags = try await tags(ofProject: rowID, on: connection, logger: logger)
        return ProjectState(record: record, heads: heads, tags: tags)
    }
}
