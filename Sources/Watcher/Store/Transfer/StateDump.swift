/// The `glwatch state export` format (version 1): the whole state, one JSON object per line, so that it streams,
/// diffs and survives `grep`, and a cut-short file is recognised.
///
/// ```
/// {"format":"glwatch-state","version":1,"schema":["v1-initial-schema",…,"v5-project-last-hook"]}
/// {"table":"project","row":{"id":1,"instance":"gitlab.com","gitlabId":42,"path":"acme/api",…}}
/// {"table":"event","row":{"seq":1,"id":"3f9a…","type":"commits.new",…,"payload":"eyJ2…"}}
/// {"end":{"project":1,"branchHead":2,…,"deliveryAttempt":0}}
/// ```
///
/// The first line names the format, its version and the schema (migration identifiers) of the state it was
/// taken from; then every row of every table in `tables` order (parents before children), with its keys — event
/// `seq` and `id`, delivery `id` — kept, so that an import re-announces nothing and keeps each sink's queue order;
/// the last line counts the rows of each table, so a truncated file is refused instead of half-imported.
///
/// Values are JSON numbers (integers, times in milliseconds since 1970), strings, `true`/`false` (flags) and
/// `null`; bytes (event payloads, reported-commit SHAs) are base64 strings. Version 1 is frozen: a new column or
/// table is a new version, and a file of a newer version is refused.
///
/// What is not exported: the PostgreSQL replicas' leases, delivery claims and leader notes (`replica`,
/// `projectLease`, `leaderLease`, `delivery.claimedBy`, `leaderNote`): they belong to running processes, and the
/// importing side starts free.
enum StateDump {
    /// The `format` of the first line.
    static let format = "glwatch-state"
    /// The version this build writes and the newest it reads.
    static let version = 1

    /// One table of the export: its columns in order, and how its rows are ordered.
    struct Table: Sendable, Hashable {
        /// The table's name, as in both schemas.
        var name: String
        /// Its columns.
        var columns: [Column]
        /// The `ORDER BY` of its export (its primary key).
        var orderBy: String
        /// Its generated key column (an identity column on PostgreSQL, whose sequence an import moves past the
        /// imported keys), if any.
        var generatedKey: String? = nil
    }

    /// One column of a table.
    struct Column: Sendable, Hashable {
        /// The column's name, as in both schemas.
        var name: String
        /// Its kind of value.
        var kind: Kind
        /// Whether it may be `null` (and may be left out of a row).
        var nullable: Bool = false
    }

    /// The kind of a column's values.
    enum Kind: Sendable, Hashable {
        /// A 64-bit integer (ids, counts, times in milliseconds).
        case integer
        /// Text.
        case text
        /// Bytes, base64 in the file.
        case bytes
        /// A flag: `0`/`1` in SQLite, BOOLEAN in PostgreSQL, `false`/`true` in the file.
        case flag
    }

    /// Every table of the state, parents before children (the order of the file and of an import).
    static let tables: [Table] = [
        Table(
            name: "project",
            columns: [
                Column(name: "id", kind: .integer), Column(name: "instance", kind: .text),
                Column(name: "gitlabId", kind: .integer), Column(name: "path", kind: .text),
                Column(name: "status", kind: .text), Column(name: "lastPollAt", kind: .integer, nullable: true),
                Column(name: "lastSuccessAt", kind: .integer, nullable: true),
                Column(name: "consecutiveFailures", kind: .integer),
                Column(name: "lastError", kind: .text, nullable: true),
                Column(name: "lastHookAt", kind: .integer, nullable: true),
            ],
            orderBy: "id",
            generatedKey: "id"
        ),
        Table(
            name: "branchHead",
            columns: [
                Column(name: "projectId", kind: .integer), Column(name: "branch", kind: .text),
                Column(name: "sha", kind: .text), Column(name: "updatedAt", kind: .integer),
            ],
            orderBy: "projectId, branch"
        ),
        Table(
            name: "contributor",
            columns: [
                Column(name: "projectId", kind: .integer), Column(name: "email", kind: .text),
                Column(name: "name", kind: .text), Column(name: "firstCommit", kind: .text),
                Column(name: "firstSeenAt", kind: .integer),
            ],
            orderBy: "projectId, email"
        ),
        Table(
            name: "reportedCommit",
            columns: [
                Column(name: "id", kind: .integer), Column(name: "projectId", kind: .integer),
                Column(name: "sha", kind: .bytes), Column(name: "reportedAt", kind: .integer),
            ],
            orderBy: "id",
            generatedKey: "id"
        ),
        Table(
            name: "watchStart",
            columns: [
                Column(name: "subject", kind: .text), Column(name: "since", kind: .integer),
                Column(name: "isNew", kind: .flag),
            ],
            orderBy: "subject"
        ),
        Table(
            name: "tagWatch",
            columns: [Column(name: "projectId", kind: .integer), Column(name: "since", kind: .integer)],
            orderBy: "projectId"
        ),
        Table(
            name: "tag",
            columns: [
                Column(name: "projectId", kind: .integer), Column(name: "name", kind: .text),
                Column(name: "sha", kind: .text), Column(name: "message", kind: .text, nullable: true),
                Column(name: "updatedAt", kind: .integer),
            ],
            orderBy: "projectId, name"
        ),
        Table(
            name: "event",
            columns: [
                Column(name: "seq", kind: .integer), Column(name: "id", kind: .text), Column(name: "type", kind: .text),
                Column(name: "projectKey", kind: .text), Column(name: "branch", kind: .text, nullable: true),
                Column(name: "payload", kind: .bytes), Column(name: "createdAt", kind: .integer),
            ],
            orderBy: "seq",
            generatedKey: "seq"
        ),
        Table(
            name: "delivery",
            columns: [
                Column(name: "id", kind: .integer), Column(name: "eventSeq", kind: .integer),
                Column(name: "sink", kind: .text), Column(name: "projectKey", kind: .text),
                Column(name: "groupKey", kind: .text, nullable: true), Column(name: "state", kind: .text),
                Column(name: "attempts", kind: .integer), Column(name: "nextAttemptAt", kind: .integer),
                Column(name: "lastError", kind: .text, nullable: true),
                Column(name: "lastHTTPStatus", kind: .integer, nullable: true),
                Column(name: "deliveredAt", kind: .integer, nullable: true),
                Column(name: "deadAt", kind: .integer, nullable: true), Column(name: "createdAt", kind: .integer),
                Column(name: "rule", kind: .text, nullable: true),
                Column(name: "template", kind: .text, nullable: true),
            ],
            orderBy: "id",
            generatedKey: "id"
        ),
        Table(
            name: "deliveryAttempt",
            columns: [
                Column(name: "id", kind: .integer), Column(name: "deliveryId", kind: .integer),
                Column(name: "at", kind: .integer), Column(name: "outcome", kind: .text),
                Column(name: "retryAt", kind: .integer, nullable: true),
                Column(name: "httpStatus", kind: .integer, nullable: true),
                Column(name: "error", kind: .text, nullable: true),
            ],
            orderBy: "id",
            generatedKey: "id"
        ),
    ]

    /// The table named `name`, if the format has one.
    static func table(named name: String) -> Table? {
        tables.first { $0.name == name }
    }

    /// The migration identifiers any glwatch store of this build knows (SQLite's and PostgreSQL's).
    static var knownMigrations: Set<String> {
        Set(StoreMigrations.identifiers).union(PostgresMigrations.identifiers)
    }
}
