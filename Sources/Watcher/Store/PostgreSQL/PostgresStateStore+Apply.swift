import Foundation
import PostgresNIO

extension PostgresStateStore {
    /// Writes a validated change inside the caller's transaction, in `StateChange`'s order: projects, heads, tags,
    /// contributors, reported commits, events with their deliveries.
    ///
    /// An event whose id is already stored is skipped together with its deliveries (`ON CONFLICT DO NOTHING`
    /// returns no row for it), exactly as in SQLite.
    static func write(_ change: StateChange, on connection: PostgresConnection, logger: Logger) async throws
        -> ApplyResult
    {
        let at = change.at.storeMillis
        var projectIDs: [ProjectKey: Int64] = [:]
        func id(of key: ProjectKey) async throws -> Int64 {
            if let id = projectIDs[key] { return id }
            guard let id = try await projectID(of: key, on: connection, logger: logger) else {
                throw StateStoreError.unknownProject(key)
            }
            projectIDs[key] = id
            return id
        }

        for project in change.projects {
            try await connection.run(
                """
                INSERT INTO project (instance, gitlabId, path, status, lastPollAt, lastSuccessAt, consecutiveFailures,
                    lastError)
                VALUES (\(project.key.instance), \(project.key.id), \(project.path), \(project.status.rawValue),
                    \(project.lastPollAt?.storeMillis), \(project.lastSuccessAt?.storeMillis),
                    \(project.consecutiveFailures), \(project.lastError))
                ON CONFLICT (instance, gitlabId) DO UPDATE SET path = excluded.path, status = excluded.status,
                    lastPollAt = excluded.lastPollAt, lastSuccessAt = excluded.lastSuccessAt,
                    consecutiveFailures = excluded.consecutiveFailures, lastError = excluded.lastError
                """,
                logger: logger
            )
        }

        for update in change.heads {
            switch update {
            case .set(let project, let branch, let sha):
                try await connection.run(
                    """
                    INSERT INTO branchHead (projectId, branch, sha, updatedAt)
                    VALUES (\(try await id(of: project)), \(branch), \(sha.lowercased()), \(at))
                    ON CONFLICT (projectId, branch) DO UPDATE SET sha = excluded.sha, updatedAt = excluded.updatedAt
                    """,
                    logger: logger
                )
            case .delete(let project, let branch):
                try await connection.run(
                    "DELETE FROM branchHead WHERE projectId = \(try await id(of: project)) AND branch = \(branch)",
                    logger: logger
                )
            }
        }

        for update in change.tags {
            try await write(update, projectID: try await id(of: update.project), at: at, on: connection, logger: logger)
        }

        for new in change.contributors {
            let contributor = new.contributor
            try await connection.run(
                """
                INSERT INTO contributor (projectId, email, name, firstCommit, firstSeenAt)
                VALUES (\(try await id(of: new.project)), \(Contributor.normalize(email: contributor.email)),
                    \(contributor.name), \(contributor.firstCommit.lowercased()),
                    \(contributor.firstSeenAt.storeMillis))
                ON CONFLICT (projectId, email) DO NOTHING
                """,
                logger: logger
            )
        }

        // One statement per project, however many commits a poll reported (an array parameter, unnested).
        for commits in change.reportedCommits where !commits.shas.isEmpty {
            let projectID = try await id(of: commits.project)
            let hexes = try commits.shas.map { sha in
                guard CommitSHA.bytes(fromHex: sha) != nil else {
                    throw StateStoreError.invalidChange("reported commit is not a hex SHA: \(sha)")
                }
                return sha.lowercased()
            }
            try await connection.run(
                """
                INSERT INTO reportedCommit (projectId, sha, reportedAt)
                SELECT \(projectID), decode(hex, 'hex'), \(at) FROM unnest(\(hexes)::text[]) AS hex
                ON CONFLICT (projectId, sha) DO NOTHING
                """,
                logger: logger
            )
        }

        var result = ApplyResult()
        for planned in change.events {
            let event = planned.event
            let inserted = try await connection.rows(
                """
                INSERT INTO event (id, type, projectKey, branch, payload, createdAt)
                VALUES (\(event.id), \(event.type), \(event.projectKey), \(event.branch), \(event.payload),
                    \(event.createdAt.storeMillis))
                ON CONFLICT (id) DO NOTHING RETURNING seq
                """,
                logger: logger
            )
            guard let seq = try inserted.first?.decode(Int64.self) else {
                result.duplicateEventIDs.append(event.id)
                continue
            }
            result.insertedEventIDs.append(event.id)
            for delivery in planned.deliveries {
                try await connection.run(
                    """
                    INSERT INTO delivery (eventSeq, sink, projectKey, rule, template, groupKey, state, attempts,
                        nextAttemptAt, createdAt)
                    VALUES (\(seq), \(delivery.sink), \(event.projectKey), \(delivery.rule), \(delivery.template),
                        \(delivery.groupKey), 'pending', 0, \(delivery.notBefore.storeMillis), \(at))
                    """,
                    logger: logger
                )
                result.queuedDeliveries += 1
            }
        }
        return result
    }
}
