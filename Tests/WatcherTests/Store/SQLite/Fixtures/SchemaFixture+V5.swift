// A frozen dump of a state database at schema version v5-project-last-hook (`sqlite3 .dump` plus the
// `PRAGMA application_id` line, which `.dump` omits). Never edit: it is what that version left on disk.
extension SchemaFixture {
    static let schemaV5 = #"""
        PRAGMA application_id = 1735161716;
        PRAGMA foreign_keys=OFF;
        BEGIN TRANSACTION;
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES('v1-initial-schema');
        INSERT INTO grdb_migrations VALUES('v2-delivery-rule-and-template');
        INSERT INTO grdb_migrations VALUES('v3-watch-start');
        INSERT INTO grdb_migrations VALUES('v4-tags');
        INSERT INTO grdb_migrations VALUES('v5-project-last-hook');
        CREATE TABLE project (
            id INTEGER PRIMARY KEY,
            instance TEXT NOT NULL,
            gitlabId INTEGER NOT NULL,
            path TEXT NOT NULL,
            status TEXT NOT NULL,
            lastPollAt INTEGER,
            lastSuccessAt INTEGER,
            consecutiveFailures INTEGER NOT NULL DEFAULT 0 CHECK (consecutiveFailures >= 0),
            lastError TEXT, lastHookAt INTEGER,
            UNIQUE (instance, gitlabId)
        );
        INSERT INTO project VALUES(1,'fixture.test',1,'fixture/one','active',1700000000000,1700000000000,0,NULL,1700000000000);
        CREATE TABLE branchHead (
            projectId INTEGER NOT NULL REFERENCES project(id) ON DELETE CASCADE,
            branch TEXT NOT NULL,
            sha TEXT NOT NULL,
            updatedAt INTEGER NOT NULL,
            PRIMARY KEY (projectId, branch)
        ) WITHOUT ROWID;
        INSERT INTO branchHead VALUES(1,'main','1111111111111111111111111111111111111111',1700000000000);
        CREATE TABLE contributor (
            projectId INTEGER NOT NULL REFERENCES project(id) ON DELETE CASCADE,
            email TEXT NOT NULL,
            name TEXT NOT NULL,
            firstCommit TEXT NOT NULL,
            firstSeenAt INTEGER NOT NULL,
            PRIMARY KEY (projectId, email)
        ) WITHOUT ROWID;
        INSERT INTO contributor VALUES(1,'ann@example.com','Ann Example','1111111111111111111111111111111111111111',1700000000000);
        CREATE TABLE reportedCommit (
            id INTEGER PRIMARY KEY,
            projectId INTEGER NOT NULL REFERENCES project(id) ON DELETE CASCADE,
            sha BLOB NOT NULL,
            reportedAt INTEGER NOT NULL,
            UNIQUE (projectId, sha)
        );
        INSERT INTO reportedCommit VALUES(1,1,X'1111111111111111111111111111111111111111',1700000000000);
        CREATE TABLE event (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            type TEXT NOT NULL,
            projectKey TEXT NOT NULL,
            branch TEXT,
            payload BLOB NOT NULL,
            createdAt INTEGER NOT NULL
        );
        INSERT INTO event VALUES(1,'fixture-e1','commits.new','fixture.test/1','main',X'7b226964223a22666978747572652d6531227d',1700000000000);
        INSERT INTO event VALUES(2,'fixture-e2','branch.created','fixture.test/1','release',X'7b226964223a22666978747572652d6532227d',1700000000000);
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
        , rule TEXT, template TEXT);
        INSERT INTO delivery VALUES(1,1,'ops','fixture.test/1',NULL,'pending',0,1700000000000,NULL,NULL,NULL,NULL,1700000000000,'main-pushes',NULL);
        INSERT INTO delivery VALUES(2,2,'ops','fixture.test/1',NULL,'dead',1,1700000000000,'HTTP 410',410,NULL,1700000000000,1700000000000,'branches','short');
        CREATE TABLE deliveryAttempt (
            id INTEGER PRIMARY KEY,
            deliveryId INTEGER NOT NULL REFERENCES delivery(id) ON DELETE CASCADE,
            at INTEGER NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'retry', 'dead')),
            retryAt INTEGER,
            httpStatus INTEGER,
            error TEXT
        );
        INSERT INTO deliveryAttempt VALUES(1,2,1700000000000,'dead',NULL,410,'HTTP 410');
        CREATE TABLE watchStart (
            subject TEXT PRIMARY KEY,
            since INTEGER NOT NULL,
            isNew INTEGER NOT NULL DEFAULT 0 CHECK (isNew IN (0, 1))
        ) WITHOUT ROWID;
        INSERT INTO watchStart VALUES('project fixture.test/1',1700000000000,0);
        INSERT INTO watchStart VALUES('target fixture.test group fixture',1700000000000,0);
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
        CREATE INDEX reportedCommit_byProject ON reportedCommit(projectId);
        CREATE INDEX event_byProject ON event(projectKey);
        CREATE INDEX delivery_byEvent ON delivery(eventSeq);
        CREATE INDEX delivery_waiting ON delivery(sink, projectKey) WHERE state IN ('pending', 'failed');
        CREATE INDEX delivery_dead ON delivery(sink) WHERE state = 'dead';
        CREATE INDEX deliveryAttempt_byDelivery ON deliveryAttempt(deliveryId);
        COMMIT;
        """#
}
