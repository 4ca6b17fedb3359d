import Testing

@testable import Watcher

/// A frozen SQL dump of a state database as one glwatch schema version left it.
///
/// Every version holds the same sample data: project `fixture.test/1` ("fixture/one", head `main` at `headSHA`, contributor
/// ann@example.com, `headSHA` reported), event `fixture-e1` waiting for sink `ops`, event `fixture-e2` dead for
/// `ops` after one attempt ("HTTP 410"). From v2 on, their deliveries name rules `main-pushes` and `branches`.
///
/// Adding a migration? Add a dump of a database at that version (`sqlite3 state.db .dump`, plus its
/// `PRAGMA application_id` line) holding the same sample data, and list it in `all`. Never edit a dump.
struct SchemaFixture: Sendable, CustomTestStringConvertible {
    /// The last migration applied in the dumped database.
    var migration: String
    /// The dump.
    var sql: String
    /// The rules the two sample deliveries carry once migrated to the latest version.
    var rules: [String?]

    var testDescription: String { migration }

    /// Every version, oldest first (one per migration).
    static let all: [SchemaFixture] = [
        SchemaFixture(migration: "v1-initial-schema", sql: schemaV1, rules: [nil, nil]),
        SchemaFixture(migration: "v2-delivery-rule-and-template", sql: schemaV2, rules: ["main-pushes", "branches"]),
        SchemaFixture(migration: "v3-watch-start", sql: schemaV3, rules: ["main-pushes", "branches"]),
        SchemaFixture(migration: "v4-tags", sql: schemaV4, rules: ["main-pushes", "branches"]),
        SchemaFixture(migration: "v5-project-last-hook", sql: schemaV5, rules: ["main-pushes", "branches"]),
    ]

    /// The sample project.
    static let project = ProjectKey(instance: "fixture.test", id: 1)
    /// The sample head (also the reported commit).
    static let headSHA = "1111111111111111111111111111111111111111"
}
