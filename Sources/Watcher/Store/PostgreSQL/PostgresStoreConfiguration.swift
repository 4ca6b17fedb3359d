import Foundation
import NIOSSL
import PostgresNIO

/// Where the PostgreSQL state lives and how to reach it, parsed from a `postgres://user:password@host:port/db` URL.
///
/// The password is kept only to connect: `location` (what errors and logs show) names the user, host, port and
/// database, never the password or the URL itself.
package struct PostgresStoreConfiguration: Sendable {
    /// The server's host name or address.
    package var host: String
    /// The server's port (5432 unless the URL says otherwise).
    package var port: Int
    /// The role to log in as.
    package var username: String
    /// The role's password, if any (never shown).
    package var password: String?
    /// The database holding glwatch's tables.
    package var database: String
    /// Whether to use TLS: the URL's `sslmode` (`disable`, `prefer` — the default — or `require`).
    package var tls: TLSMode
    /// This process's name among the replicas sharing the database: the owner of the project leases, delivery
    /// claims and leader lease it takes. Unique per process start (a restarted replica is a new one; its old
    /// leases simply expire).
    package var replicaID: String
    /// How long `open` waits between two tries of the replica lock while a glwatch from before replicas holds it.
    package var lockRetry: Duration = .seconds(1)
    /// How long a project lease, the leader lease and a replica's heartbeat last unless renewed (`ReplicaLeases`);
    /// a killed replica's projects move to the others after at most this long.
    package var leasePeriod: Duration = .seconds(30)
    /// How long a delivery claimed by `DeliveryQueue.nextDue` stays this replica's before another may send it:
    /// longer than any one send (a sink's timeout), so that a slow send is not sent twice. `glwatch run` makes it
    /// four lease periods (two minutes by default).
    package var deliveryClaimPeriod: Duration = .seconds(120)
    /// How long one operation on the database (a transaction of the pool, or of the lock connection) may go without
    /// an answer before its connection is closed and the operation fails as `databaseUnreachable`, to be tried
    /// again like any failure to reach the server. `state.postgres.query_timeout`; 30 s by default.
    package var queryTimeout: Duration = .seconds(30)

    /// The URL's `sslmode`.
    package enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    /// Parses a `postgres://` or `postgresql://` URL.
    ///
    /// - Throws: `StateStoreError.invalidDatabaseURL`, whose reason never repeats the URL (it may hold a
    ///   password).
    package init(url: String, replicaID: String = PostgresStoreConfiguration.makeReplicaID()) throws {
        guard let components = URLComponents(string: url),
            components.scheme == "postgres" || components.scheme == "postgresql"
        else {
            throw StateStoreError.invalidDatabaseURL(reason: "expected postgres://user:password@host:port/database")
        }
        guard let host = components.host, !host.isEmpty else {
            throw StateStoreError.invalidDatabaseURL(reason: "the URL names no host")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty else {
            throw StateStoreError.invalidDatabaseURL(reason: "the URL names no database (…/database)")
        }
        let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        guard let tls = TLSMode(rawValue: mode) else {
            throw StateStoreError.invalidDatabaseURL(reason: "sslmode must be disable, prefer or require, not \(mode)")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = components.user?.removingPercentEncoding ?? "postgres"
        self.password = components.password?.removingPercentEncoding
        self.database = database.removingPercentEncoding ?? database
        self.tls = tls
        self.replicaID = replicaID
    }

    /// A fresh replica id: the host name, the process id and a random suffix (the process id alone repeats in
    /// containers).
    package static func makeReplicaID() -> String {
        let host = ProcessInfo.processInfo.hostName.prefix(40)
        let suffix = UUID().uuidString.prefix(8).lowercased()
        return "\(host)/\(ProcessInfo.processInfo.processIdentifier)/\(suffix)"
    }

    /// What errors and logs call this database: `user@host:port/database`, without the password.
    package var location: String { "\(username)@\(host):\(port)/\(database)" }

    /// The client pool's configuration.
    func clientConfiguration() -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: clientTLS()
        )
        configuration.options.maximumConnections = 8
        return configuration
    }

    /// The dedicated lock connection's configuration.
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: try connectionTLS()
        )
    }

    private func clientTLS() -> PostgresClient.Configuration.TLS {
        switch tls {
        case .disable: return .disable
        case .prefer: return .prefer(.makeClientConfiguration())
        case .require: return .require(.makeClientConfiguration())
        }
    }

    private func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        switch tls {
        case .disable: return .disable
        case .prefer: return .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: return .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }
}
