import Logging
import PostgresNIO

extension PostgresStateStore {
    /// Applies the pending migrations in one transaction on the lock connection under
    /// `pg_advisory_xact_lock`, so that of several replicas migrating the same database at once exactly one
    /// migrates and the others find it done.
    ///
    /// - Throws: `StateStoreError.newerSchema` (nothing changed) when the database holds migrations this build
    ///   does not know.
    func migrate() async throws {
        let location = self.location
        let logger = self.logger
        try await writeOnLockConnection { connection in
            try await connection.run("SELECT pg_advisory_xact_lock(\(Self.migrationLockKey))", logger: logger)
            try await connection.run(
                """
                CREATE TABLE IF NOT EXISTS glwatch_migration (
                    identifier TEXT PRIMARY KEY,
                    appliedAt TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """,
                logger: logger
            )
            let applied = Set(
                try await connection.rows("SELECT identifier FROM glwatch_migration", logger: logger)
                    .map { try $0.decode(String.self) }
            )
            let unknown = applied.subtracting(PostgresMigrations.identifiers)
            guard unknown.isEmpty else {
                throw StateStoreError.newerSchema(path: location, unknownMigrations: unknown.sorted())
            }
            for migration in PostgresMigrations.all where !applied.contains(migration.identifier) {
                for statement in migration.statements {
                    try await connection.run(statement, logger: logger)
                }
                try await connection.run(
                    "INSERT INTO glwatch_migration (identifier) VALUES (\(migration.identifier))", logger: logger
                )
            }
        }
    }

    /// Checks, without changing anything, that this build can read the database as it is: a glwatch wrote to it,
    /// no newer one, and its schema is migrated to this build's latest.
    ///
    /// - Throws: `StateStoreError.notFound`, `.newerSchema` or `.schemaNeedsMigration`.
    func checkSchemaForReading() async throws {
        let logger = self.logger
        let exists = try await read { connection in
            try await connection.rows("SELECT to_regclass('glwatch_migration') IS NOT NULL", logger: logger)
                .first?.decode(Bool.self) ?? false
        }
        guard exists else { throw StateStoreError.notFound(path: location) }
        let applied = try await read { connection in
            Set(
                try await connection.rows("SELECT identifier FROM glwatch_migration", logger: logger)
                    .map { try $0.decode(String.self) }
            )
        }
        let unknown = applied.subtracting(PostgresMigrations.identifiers)
        guard unknown.isEmpty else {
            throw StateStoreError.newerSchema(path: location, unknownMigrations: unknown.sorted())
        }
        let pending = PostgresMigrations.identifiers.filter { !applied.contains($0) }
        guard pending.isEmpty else {
            throw StateStoreError.schemaNeedsMigration(path: location, pendingMigrations: pending)
        }
    }

    /// The identifiers of the applied migrations, oldest first.
    func appliedMigrations() async throws -> [String] {
        let logger = self.logger
        let applied = try await read { connection in
            Set(
                try await connection.rows("SELECT identifier FROM glwatch_migration", logger: logger)
                    .map { try $0.decode(String.self) }
            )
        }
        return PostgresMigrations.identifiers.filter(applied.contains)
    }

    /// The applied and pending migrations of the database `configuration` names, read on one short connection
    /// without changing anything (no lock, no migration): what `glwatch migrate --check` reports.
    ///
    /// - Throws: `StateStoreError` — `.databaseUnreachable` or `.authenticationFailed` naming the host (never the
    ///   password), `.newerSchema` for a database migrated by a newer glwatch.
    package static func migrationStatus(_ configuration: PostgresStoreConfiguration, logger: Logger) async throws
        -> (applied: [String], pending: [String])
    {
        let location = configuration.location
        do {
            let connection = try await PostgresConnection.connect(
                configuration: try configuration.connectionConfiguration(), id: 0, logger: logger
            )
            let applied: Result<Set<String>, any Error>
            do {
                let exists =
                    try await connection.rows("SELECT to_regclass('glwatch_migration') IS NOT NULL", logger: logger)
                    .first?.decode(Bool.self) ?? false
                let rows =
                    exists ? try await connection.rows("SELECT identifier FROM glwatch_migration", logger: logger) : []
                applied = .success(Set(try rows.map { try $0.decode(String.self) }))
            } catch {
                applied = .failure(error)
            }
            try? await connection.close()
            let identifiers = try applied.get()
            let unknown = identifiers.subtracting(PostgresMigrations.identifiers)
            guard unknown.isEmpty else {
                throw StateStoreError.newerSchema(path: location, unknownMigrations: unknown.sorted())
            }
            return (
                PostgresMigrations.identifiers.filter(identifiers.contains),
                PostgresMigrations.identifiers.filter { !identifiers.contains($0) }
            )
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw StateStoreError.mapping(error, location: location)
        }
    }
}
