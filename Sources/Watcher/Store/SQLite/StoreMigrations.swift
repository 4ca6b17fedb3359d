import GRDB

/// The state database's schema history: GRDB migrations, registered by name, in order.
///
/// Rules (GRDB's Migrations guide, and our STYLE.md):
/// - A migration is **frozen** once it is on `main`: never edit it, add a new one. `StoreMigrationTests` opens a
///   frozen SQL dump of every version (Tests/WatcherTests/Store/SQLite/Fixtures) and fails when a version has no
///   dump or when the latest schema drifts from its dump.
/// - Migrations are **schema-only** and spell their SQL out: they never refer to app types, whose shape changes.
/// - Identifiers are `v<N>-<what>`; a database holding an identifier this build does not know was written by a
///   newer glwatch and is refused untouched.
enum StoreMigrations {
    /// `PRAGMA application_id` of glwatch state databases ("glwt"), so another app's SQLite file is refused.
    static let applicationID: Int32 = 0x676C_7774

    /// Identifiers of every migration, oldest first.
    static var identifiers: [String] { migrator.migrations }

    /// The migrator holding every schema version.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-initial-schema", migrate: v1InitialSchema)
        migrator.registerMigration("v2-delivery-rule-and-template", migrate: v2DeliveryRuleAndTemplate)
        migrator.registerMigration("v3-watch-start", migrate: v3WatchStart)
        migrator.registerMigration("v4-tags", migrate: v4Tags)
        migrator.registerMigration("v5-project-last-hook", migrate: v5ProjectLastHook)
        return migrator
    }

    /// Version 1: projects, heads, contributors, reported commits, the outbox, deliveries and their history.
    ///
    /// Times are INTEGER milliseconds since 1970 (UTC): exact round trips, compact, and readable in the `sqlite3`
    /// shell with `datetime(col / 1000, 'unixepoch')`. Commit SHAs of the (large) reported-commit table are BLOBs
    /// of the raw hash bytes, half the size of hex text.
    private static func v1InitialSchema(_ db: Database) throws {
        try db.execute(
            sql: """
                PRAGMA application_id = 1735161716; -- 0x676C7774, "glwt" (StoreMigrations.applicationID)

                CREATE TABLE project (
                    id INTEGER PRIMARY KEY,
                    instance TEXT NOT NULL,
                    gitlabId INTEGER NOT NULL,
                    path TEXT NOT NULL,
                    status TEXT NOT NULL,
                    lastPollAt INTEGER,
                    lastSuccessAt INTEGER,
                    consecutiveFailures INTEGER NOT NULL DEFAULT 0 CHECK (consecutiveFailures >= 0),
                    lastError TEXT,
                    UNIQUE (instance, gitlabId)
                );

                CREATE TABLE branchHead (
                    projectId INTEGER NOT NULL REFERENCES project(id) ON DELETE CASCADE,
                    branch TEXT NOT NULL,
                    sha TEXT NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    PRIMARY KEY (projectId, branch)
                ) WITHOUT ROWID;

                CREATE TABLE contributor (
                    projectId INTEGER NOT NULL REFERENCES project(id) ON DELETE CASCADE,
                    email TEXT NOT NULL,
                    name TEXT NOT NULL,
                    firstCommit TEXT NOT NULL,
                    firstSeenAt INTEGER NOT NULL,
                    PRIMARY KEY (projectId, email)
                ) WITHOUT ROWID;

                CREATE TABLE reportedCommit (
                    id INTEGER PRIMARY KEY,
                    projectId INTEGER NOT NULL REFERENCES project(id) ON DELETE CASCADE,
                    sha BLOB NOT NULL,
                    reportedAt INTEGER NOT NULL,
                    UNIQUE (projectId, sha)
                );
                -- (projectId, rowid): the newest commits per project, for pruning beyond the bound.
                CREATE INDEX reportedCommit_byProject ON reportedCommit(projectId);

                CREATE TABLE event (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    type TEXT NOT NULL,
                    projectKey TEXT NOT NULL,
                    branch TEXT,
                    payload BLOB NOT NULL,
                    createdAt INTEGER NOT NULL
                );
                CREATE INDEX event_byProject ON event(projectKey);

                CREATE TABLE delivery (
                    id INTEGER PRIMARY KEY,
                    eventSeq INTEGER NOT NULL REFERENCES event(seq) ON DELETE CASCADE,
                    sink TEXT NOT NULL,
                    projectKey TEXT NOT NULL,
                    groupKey TEXT,
                    state TEXT NOT NULL DEFAULT 'pending'
                        CHECK (state IN ('pending', 'failed', 'delivered', 'dead')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    nextAttemptAt INTEGER NOT NULL,
                    lastError TEXT,
                    lastHTTPStatus INTEGER,
                    deliveredAt INTEGER,
                    deadAt INTEGER,
                    createdAt INTEGER NOT NULL
                );
                CREATE INDEX delivery_byEvent ON delivery(eventSeq);
                -- (sink, projectKey, rowid) of waiting deliveries: each project's head of line in one index walk.
                CREATE INDEX delivery_waiting ON delivery(sink, projectKey) WHERE state IN ('pending', 'failed');
                CREATE INDEX delivery_dead ON delivery(sink) WHERE state = 'dead';

                CREATE TABLE deliveryAttempt (
                    id INTEGER PRIMARY KEY,
                    deliveryId INTEGER NOT NULL REFERENCES delivery(id) ON DELETE CASCADE,
                    at INTEGER NOT NULL,
                    outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'retry', 'dead')),
                    retryAt INTEGER,
                    httpStatus INTEGER,
                    error TEXT
                );
                CREATE INDEX deliveryAttempt_byDelivery ON deliveryAttempt(deliveryId);
                """
        )
    }

    /// Version 2: each delivery remembers the rule that chose its sink and the template that rule chose.
    ///
    /// The rule is for the audit trail; the template is handed back to the notifier as `QueuedDelivery.template`.
    /// Both stay NULL for deliveries queued before.
    private static func v2DeliveryRuleAndTemplate(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE delivery ADD COLUMN rule TEXT;
                ALTER TABLE delivery ADD COLUMN template TEXT;
                """
        )
    }

    /// Version 3: when glwatch began watching each project and when each target first discovered its projects,
    /// so that a restart before a project's first successful poll keeps its baseline as of the original moment
    /// (and a project created after its target's first discovery stays new). Subjects are `project <key>` and
    /// `target <instance> <scope>`; a row is written once and never moved.
    private static func v3WatchStart(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE watchStart (
                    subject TEXT PRIMARY KEY,
                    since INTEGER NOT NULL,
                    isNew INTEGER NOT NULL DEFAULT 0 CHECK (isNew IN (0, 1))
                ) WITHOUT ROWID;
                """
        )
    }

    /// Version 4: the tags of projects whose target has `tags: true`. `tagWatch` marks a project whose tags are
    /// tracked (its first tag read, the silent baseline, is done): without that row an empty `tag` set could mean
    /// "no tags" or "never read". `sha` is the tagged commit (not an annotated tag's object), `message` an annotated
    /// tag's message (NULL for a lightweight tag).
    private static func v4Tags(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE tagWatch (
                    projectId INTEGER PRIMARY KEY REFERENCES project(id) ON DELETE CASCADE,
                    since INTEGER NOT NULL
                );

                CREATE TABLE tag (
                    projectId INTEGER NOT NULL REFERENCES project(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    sha TEXT NOT NULL,
                    message TEXT,
                    updatedAt INTEGER NOT NULL,
                    PRIMARY KEY (projectId, name)
                ) WITHOUT ROWID;
                """
        )
    }

    /// Version 5: when GitLab last sent a webhook for each project (instant mode), for `glwatch status`. Written
    /// only by `recordHooks`; a poll's project upsert leaves it alone.
    private static func v5ProjectLastHook(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE project ADD COLUMN lastHookAt INTEGER;")
    }
}
