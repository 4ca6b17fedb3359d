import ChildProcess
import Foundation
import Logging
import PostgresNIO
import TestSupport

@testable import Watcher

/// The PostgreSQL server the store tests run against, once per test process.
///
/// `GLWATCH_TEST_POSTGRES_URL` (a role that may create databases) wins; otherwise a throwaway cluster is started
/// with `Tests/Tools/postgres-throwaway.sh` (initdb in a temp folder, loopback only), which stops and removes
/// itself once this process has ended. Without a server, `url` is `nil` and `unavailableReason` says why, and the
/// PostgreSQL tests are skipped, or fail under CI (`RequiredComponent.postgreSQL`, `StoreKind.available`).
enum PostgresTestServer {
    /// The server's URL (its maintenance database), or why there is none.
    static let server: Result<String, Unavailable> = start()

    /// Why no PostgreSQL server could be had.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// The server's URL, when there is one.
    static var url: String? { try? server.get() }

    /// Why the PostgreSQL tests are skipped, or `nil` when they run.
    static var unavailableReason: String? {
        guard case .failure(let reason) = server else { return nil }
        return reason.description
    }

    /// A fresh, empty database (`t_<uuid>`): its URL. `dropDatabase(_:)` removes it.
    ///
    /// - Throws: `MissingComponent` when there is no server.
    static func createDatabase() async throws -> String {
        try RequiredComponent.postgreSQL.require()
        let url = try server.get()
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        // DDL takes no bound parameters; the name is made of hex digits and underscores only.
        try await withMaintenanceConnection(url) { connection, logger in
            try await connection.run(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        return replacingDatabase(of: url, with: name)
    }

    /// Drops a database made by `createDatabase()`, closing whatever is still connected to it.
    static func dropDatabase(_ databaseURL: String) async {
        guard let url = self.url, let name = URLComponents(string: databaseURL)?.path.dropFirst(),
            name.hasPrefix("t_"), name.allSatisfy({ $0.isHexDigit || $0 == "_" || $0 == "t" })
        else { return }
        try? await withMaintenanceConnection(url) { connection, logger in
            try await connection.run(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: logger
            )
        }
    }

    /// `url` with its database replaced by `database` (and optionally its password by `password`).
    static func replacingDatabase(of url: String, with database: String, password: String? = nil) -> String {
        var components = URLComponents(string: url)!
        components.path = "/" + database
        if let password { components.password = password }
        return components.string!
    }

    private static func withMaintenanceConnection(
        _ url: String, _ body: (PostgresConnection, Logger) async throws -> Void
    ) async throws {
        let configuration = try PostgresStoreConfiguration(url: url)
        let logger = Logger(label: "glwatch.tests.postgres")
        let connection = try await PostgresConnection.connect(
            configuration: try configuration.connectionConfiguration(), id: 1, logger: logger
        )
        do {
            try await body(connection, logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    private static func start() -> Result<String, Unavailable> {
        if let url = ProcessInfo.processInfo.environment["GLWATCH_TEST_POSTGRES_URL"], !url.isEmpty {
            return .success(url)
        }
        return ThrowawayPostgresCluster.start().mapError { Unavailable(description: $0.description) }
    }
}

extension RequiredComponent {
    /// A PostgreSQL server for the store tests (`PostgresTestServer`): `.requires(.postgreSQL)` on a test or suite.
    static let postgreSQL = RequiredComponent("PostgreSQL") { PostgresTestServer.unavailableReason }
}
