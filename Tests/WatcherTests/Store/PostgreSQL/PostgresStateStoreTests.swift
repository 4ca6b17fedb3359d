import ChildProcess
import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing
import TestSupport

@testable import Watcher

/// What only the PostgreSQL store has: migrations shared by several replicas opening it at once, and start-up
/// errors that name the host but never the password. (Leases and claims: `PostgresReplicaLeasesTests`.)
@Suite(
    "PostgresStateStore: migrations, several replicas, connection errors",
    .closesStores,
    .requires(.postgreSQL)
)
struct PostgresStateStoreTests {
    /// Opens a store on `url`; closed when the test ends.
    private func open(_ url: String) async throws -> PostgresStateStore {
        try await PostgresStateStore.openForTest(url)
    }

    @Test func testOpen_twoReplicasAtOnce_migrateOnceAndBothWrite() async throws {
        // Given a fresh database
        let url = try await StoreKind.postgres.database().location

        // When two replicas open it at the same moment
        let stores = try await withThrowingTaskGroup(of: PostgresStateStore.self) { group in
            group.addTask { try await open(url) }
            group.addTask { try await open(url) }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        // Then both opened (neither tripped over the other's half-made tables), every migration ran once, and
        // both write, each seeing the other's writes
        #expect(try await stores[0].appliedMigrations() == PostgresMigrations.identifiers)
        #expect(try await stores[1].count("SELECT COUNT(*) FROM glwatch_migration") == PostgresMigrations.all.count)
        _ = try await stores[0].apply(StateChange(at: Sample.time(1), projects: [Sample.record(Sample.projectA)]))
        _ = try await stores[1].apply(StateChange(at: Sample.time(2), projects: [Sample.record(Sample.projectB)]))
        #expect(try await stores[0].projects().map(\.key) == [Sample.projectA, Sample.projectB])
    }

    @Test func testIsUnused_trueForAFreshDatabase_falseOnceAGlwatchOpenedIt() async throws {
        let url = try await StoreKind.postgres.database().location
        let configuration = try PostgresStoreConfiguration(url: url)
        #expect(try await PostgresStateStore.isUnused(configuration))
        #expect(try await PostgresStateStore.isUnused(configuration), "asking changed nothing")
        _ = try await open(url)
        #expect(try await !PostgresStateStore.isUnused(configuration))
    }

    @Test func testOpen_aGlwatchFromBeforeReplicasHoldsTheDatabase_waitsUntilItStops_andKeepsItOutAfter() async throws {
        // Given a single-writer glwatch from before replicas, holding its writer lock (exclusively)
        let url = try await StoreKind.postgres.database().location
        let logger = Logger(label: "test")
        let configuration = try PostgresStoreConfiguration(url: url)
        let older = try await PostgresConnection.connect(
            configuration: try configuration.connectionConfiguration(), id: 9, logger: logger
        )
        try await older.run("SELECT pg_advisory_lock(\(PostgresStateStore.replicaLockKey))", logger: logger)

        // When a replica opens the database (each retry's pause counted: one per refused try for the lock)
        let opened = Atomic<Bool>(false)
        let clock = CountingClock()
        let replica = Task {
            var waiting = configuration
            waiting.lockRetry = .milliseconds(50)
            let store = try await PostgresStateStore.open(waiting, clock: clock)
            opened.store(true, ordering: .sequentiallyConsistent)
            return store
        }

        // Then it waits while the older glwatch runs (the two never write side by side): refused three times and
        // still not open — counted, however slow the machine — and it opens once the older one stopped
        try await eventually { clock.sleeps >= 3 || opened.load(ordering: .sequentiallyConsistent) }
        let openedWhileOlderRan = opened.load(ordering: .sequentiallyConsistent)
        #expect(!openedWhileOlderRan && clock.sleeps >= 3)
        try await older.close()
        let store = try await replica.value
        StoreCleanup.add { await store.close() }
        _ = try await store.apply(StateChange(at: Sample.time(1), projects: [Sample.record(Sample.projectA)]))
        // And an older glwatch started now cannot take its writer lock while a replica runs
        let later = try await PostgresConnection.connect(
            configuration: try configuration.connectionConfiguration(), id: 10, logger: logger
        )
        let taken = try await later.rows(
            "SELECT pg_try_advisory_lock(\(PostgresStateStore.replicaLockKey))", logger: logger
        ).first?.decode(Bool.self)
        try await later.close()
        #expect(taken == false)
    }

    @Test func testOpen_databaseOfANewerGlwatch_isRefusedUntouched() async throws {
        // Given a database migrated by a newer glwatch (a migration this build does not know)
        let url = try await StoreKind.postgres.database().location
        let store = try await open(url)
        _ = try await store.write { connection in
            try await connection.run(
                "INSERT INTO glwatch_migration (identifier) VALUES ('v99-future')", logger: store.logger
            )
        }
        await store.close()

        // When it is opened, then it is refused, naming the unknown migration
        let error = await #expect(throws: StateStoreError.self) { try await open(url) }
        guard case .newerSchema(_, let unknown) = error else {
            Issue.record("expected newerSchema, got \(String(describing: error))")
            return
        }
        #expect(unknown == ["v99-future"])
    }

    @Test func testOpen_wrongPassword_namesTheHostNeverThePassword() async throws {
        // Given the server's URL with a wrong password
        let url = try await StoreKind.postgres.database().location
        let password = "wrong-password-\(UUID().uuidString.prefix(8))"
        let wrong = PostgresTestServer.replacingDatabase(
            of: url, with: String(URLComponents(string: url)!.path.dropFirst()), password: password
        )
        let host = try #require(URLComponents(string: url)?.host)

        // When a store opens it
        let error = await #expect(throws: StateStoreError.self) { try await open(wrong) }

        // Then the login is refused with a message naming the host, and the password appears nowhere
        guard case .authenticationFailed(let location) = error else {
            Issue.record("expected authenticationFailed, got \(String(describing: error))")
            return
        }
        #expect(location.contains(host))
        let text = "\(try #require(error))" + String(reflecting: try #require(error))
        #expect(text.contains(host) && !text.contains(password))
    }

    @Test func testOpen_unreachableHost_namesTheHostNeverThePassword() async throws {
        // Given a URL whose port nothing listens on (a port just freed), with a password
        let port = try LoopbackPort.outsideEphemeralRange()
        let url = "postgres://glwatch:hunter2-secret@127.0.0.1:\(port)/state?sslmode=disable"

        // When a store opens it
        let error = await #expect(throws: StateStoreError.self) { try await open(url) }

        // Then it says the database cannot be reached, naming host and port, without the password
        guard case .databaseUnreachable(let location, _) = error else {
            Issue.record("expected databaseUnreachable, got \(String(describing: error))")
            return
        }
        #expect(location == "glwatch@127.0.0.1:\(port)/state")
        let text = "\(try #require(error))" + String(reflecting: try #require(error))
        #expect(text.contains("127.0.0.1:\(port)") && !text.contains("hunter2"))
    }
}

/// Parsing the database URL needs no server.
@Suite("PostgresStoreConfiguration")
struct PostgresStoreConfigurationTests {
    @Test func testInit_fullURL_readsEveryPartAndShowsNoPassword() throws {
        // Given a URL with every part, when parsed
        let configuration = try PostgresStoreConfiguration(
            url: "postgresql://watcher:s%40cret@db.internal:6543/glwatch?sslmode=require"
        )

        // Then each part is read (the password decoded), and the location leaves the password out
        #expect(configuration.host == "db.internal" && configuration.port == 6543)
        #expect(configuration.username == "watcher" && configuration.password == "s@cret")
        #expect(configuration.database == "glwatch" && configuration.tls == .require)
        #expect(configuration.location == "watcher@db.internal:6543/glwatch")
    }

    @Test func testInit_badURLs_areRefusedWithoutRepeatingThem() {
        // Given malformed URLs carrying a password, when parsed, then each is refused without showing it
        for url in [
            "mysql://u:topsecret@host/db", "postgres://u:topsecret@/db", "postgres://u:topsecret@host",
            "postgres://u:topsecret@host/db?sslmode=maybe",
        ] {
            let error = #expect(throws: StateStoreError.self) { try PostgresStoreConfiguration(url: url) }
            #expect(!"\(String(describing: error))".contains("topsecret"), "\(url)")
        }
    }
}

/// The continuous clock, counting the sleeps asked of it: a store retrying a lock sleeps once per refused try.
private final class CountingClock: Clock, Sendable {
    private let base = ContinuousClock()
    private let count = Atomic<Int>(0)

    /// How many sleeps were asked for so far.
    var sleeps: Int { count.load(ordering: .sequentiallyConsistent) }

    var now: ContinuousClock.Instant { base.now }
    var minimumResolution: Duration { base.minimumResolution }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
        count.add(1, ordering: .sequentiallyConsistent)
        try await base.sleep(until: deadline, tolerance: tolerance)
    }
}
