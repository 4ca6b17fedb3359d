import ChildProcess
import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing
import TestSupport

@testable import Watcher

/// The store comes back after its database restarts: whatever the pool held when the server went away, every read
/// answers again soon after the server is back (the replica soak restarts its database under three replicas).
@Suite(.closesStores, .requires(.postgreSQL))
struct PostgresStateStoreRestartTests {
    @Test func testReads_duringAndAfterRestarts_answerAgainOnceTheServerIsBack() async throws {
        // Given a cluster of its own (to restart), a store on it (with the default 30 s query timeout: a lost
        // query must be noticed by its connection closing, well before that), and eight readers reading its leader
        // lease in a loop
        let cluster = try ThrowawayPostgresCluster.startCluster().get()
        let store = try await PostgresStateStore.openForTest(cluster.url)
        let reads = ReadCounts()
        let readers = Task {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        while !Task.isCancelled {
                            // An answer, whether rows or an error: what must not happen is no answer at all.
                            // An answer, whether rows or an error: what must not happen is no answer at all.
                            _ = try? await store.leaderLease()
                            reads.count.withLock { $0[index] += 1 }
                            try? await Task.sleep(for: .milliseconds(Int.random(in: 5...50)))
                        }
                    }
                }
            }
        }
        defer { readers.cancel() }

        // When the server restarts five times, down 1–3 s each time
        for round in 1...5 {
            try await Task.sleep(for: .milliseconds(Int.random(in: 200...1500)))
            let restart = try ChildProcess(
                URL(fileURLWithPath: "/bin/bash"),
                arguments: ["-c", cluster.restartCommand(pausing: Int.random(in: 1...3))]
            )
            #expect(await restart.exit() == .success, "restart \(round)")

            // Then every reader answers again within 30 s of the server being back (a lost query waited for ever;
            // the margin is for a loaded machine)
            let before = reads.count.withLock { $0 }
            let deadline = ContinuousClock.now + .seconds(30)
            while ContinuousClock.now < deadline {
                let now = reads.count.withLock { $0 }
                if zip(before, now).allSatisfy({ $0 < $1 }) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            let after = reads.count.withLock { $0 }
            let stuck = zip(before, after).enumerated().filter { $0.element.0 == $0.element.1 }.map(\.offset)
            #expect(stuck.isEmpty, "restart \(round): readers \(stuck) got no answer within 30 s")
            if !stuck.isEmpty { break }
        }
    }
}

extension PostgresStateStoreRestartTests {
    @Test func testAnswered_noAnswerWithinTheLimit_closesTheConnection_andFailsAsUnreachableAtOnce() async throws {
        // Given a connection, and work on it that would take 20 s
        let (url, connection, logger) = try await Self.connectionToAFreshDatabase()

        // When it may take one second
        let error = await #expect(throws: StateStoreError.self) {
            try await PostgresStateStore.answered(within: .seconds(1), on: connection, location: "db-here") {
                try await connection.run("SELECT pg_sleep(20)", logger: logger)
            }
        }

        // Then it fails saying so — the 20 s query did not answer first — and the connection is closed (the server
        // ends the query)
        guard case .databaseUnreachable(let location, let reason)? = error else {
            Issue.record("expected databaseUnreachable, got \(String(describing: error))")
            return
        }
        #expect(location == "db-here")
        #expect(reason == "no answer within 1s; the connection was closed")
        try await Task.sleep(for: .milliseconds(200))
        #expect(connection.isClosed)
        await PostgresTestServer.dropDatabase(url)
    }

    @Test func testAnswered_anAnswerInTime_isReturned() async throws {
        let (url, connection, logger) = try await Self.connectionToAFreshDatabase()
        let value = try await PostgresStateStore.answered(within: .seconds(5), on: connection, location: "db-here") {
            try await connection.rows("SELECT 41 + 1", logger: logger).first?.decode(Int.self)
        }
        #expect(value == 42 && !connection.isClosed)
        try await connection.close()
        await PostgresTestServer.dropDatabase(url)
    }

    /// A fresh database of the test server (`dropDatabase` it at the end), and a connection of its own to it.
    private static func connectionToAFreshDatabase() async throws -> (String, PostgresConnection, Logger) {
        let url = try await PostgresTestServer.createDatabase()
        let configuration = try PostgresStoreConfiguration(url: url)
        let logger = Logger(label: "glwatch.tests.postgres")
        let connection = try await PostgresConnection.connect(
            configuration: try configuration.connectionConfiguration(), id: 1, logger: logger
        )
        return (url, connection, logger)
    }
}

/// How many answers each reader got.
private final class ReadCounts: Sendable {
    let count = Mutex<[Int]>(Array(repeating: 0, count: 8))
}
