import Foundation
import Notifier
import Testing
import TestSupport

@testable import Watcher

/// `glwatch status` (and the other inspection commands) on a PostgreSQL state (`state.postgres`): they read the
/// database without joining the replicas, and status adds the replicas, their leases and the leader.
@Suite(
    "glwatch status on PostgreSQL",
    .closesStores,
    .requires(.postgreSQL)
)
struct StatusCommandPostgresTests {
    let cli = CLITestHarness()
    /// The two replicas' ids, shaped as `PostgresStoreConfiguration.makeReplicaID()` makes them.
    static let web1 = "web-1/4242/1a2b3c4d"
    static let web2 = "web-2/977/5e6f7a8b"
    static let projects = (1...5).map { ProjectKey(instance: "gitlab.example.com", id: Int64($0)) }

    /// A fresh database and a config reading its URL from `GLWATCH_DATABASE_URL`; returns the URL and the
    /// config's path.
    private func database() async throws -> (url: String, config: String) {
        let url = try await StoreKind.postgres.database().location
        cli.environment = ["GLWATCH_DATABASE_URL": url, "HOME": cli.directory.path]
        let config = try cli.write(
            """
            state: {postgres: {url_env: GLWATCH_DATABASE_URL, lease_period: 30s}}
            sinks: {chat: {type: stdout}}
            rules: [{name: everything, notify: [chat]}]
            """,
            to: "glwatch.yml"
        )
        return (url, config)
    }

    private func open(_ url: String, _ replicaID: String) async throws -> PostgresStateStore {
        try await PostgresStateStore.openForTest(url, replicaID: replicaID)
    }

    /// Two replicas sharing six projects, as of `cli.now`: web-1 (heartbeat 5 s ago) leads and holds two
    /// (gitlab.example.com/1 and /2), web-2 (heartbeat 20 s ago) holds /3; /4 and the sample project (/4242, with a
    /// stored record) were never claimed, and web-2's lease on /5 expired 5 s ago. Both joined 35 s ago.
    private func twoReplicas(_ url: String) async throws -> (PostgresStateStore, PostgresStateStore) {
        let (a, b) = (try await open(url, Self.web1), try await open(url, Self.web2))
        let keys = [CLIStateFixture.project] + Self.projects
        let at = { (seconds: TimeInterval) in cli.now.addingTimeInterval(seconds) }
        try await CLIStateFixture.seed(a)
        try await a.heartbeat(now: at(-35))
        try await b.heartbeat(now: at(-35))
        try await a.offerProjects(keys)
        let expiring = try await b.claimProjects(among: [Self.projects[4]], now: at(-35), limit: 1)
        #expect(expiring.claimed.map(\.project) == [Self.projects[4]])
        try await a.heartbeat(now: at(-5))
        try await b.heartbeat(now: at(-20))
        let byA = try await a.claimProjects(among: keys, now: at(-5), limit: 2)
        #expect(byA.claimed.map(\.project) == Array(Self.projects.prefix(2)))
        let byB = try await b.claimProjects(among: keys, now: at(-20), limit: 1)
        #expect(byB.claimed.map(\.project) == [Self.projects[2]])
        #expect(try await a.acquireLeadership(now: at(-5)))
        return (a, b)
    }

    @Test func testStatus_onPostgres_showsTheReplicasTheirLeasesAndTheLeader() async throws {
        // Given two replicas sharing six projects (see `twoReplicas`)
        let (url, config) = try await database()
        _ = try await twoReplicas(url)

        // When
        let text = try await cli.run(["status", "--config", config])

        // Then the projects and sinks come first, as on SQLite, then one row per live replica, and the leases
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[1].contains("glwatch/sample"))
        let header = try #require(lines.firstIndex { $0.hasPrefix("REPLICA") })
        #expect(lines[header] == "REPLICA              STARTED  LAST HEARTBEAT  LEASES  LEADER")
        #expect(lines[header + 1] == "web-1/4242/1a2b3c4d  35s ago  5s ago          2       until 25s from now")
        #expect(lines[header + 2] == "web-2/977/5e6f7a8b   35s ago  20s ago         1       -")
        #expect(lines[header + 3] == "leases: 3 held, 3 waiting to be claimed")
        // The longest waiting first: the two never claimed, then web-2's, expired 5 s ago; paths once known
        #expect(lines[header + 4] == "  gitlab.example.com/4  not held (given back or never claimed)")
        #expect(
            lines[header + 5] == "  glwatch/sample (gitlab.example.com/4242)  not held (given back or never claimed)"
        )
        #expect(lines[header + 6] == "  gitlab.example.com/5  lease of web-2/977/5e6f7a8b expired 5s ago")
        #expect(lines.count == header + 7)
    }

    @Test func testStatus_onPostgres_showsWhatTheLeaderPublished_andHowLongAgo() async throws {
        // Given the two replicas, web-1 leading, which published where the feed stands 2 s ago and a target's
        // project list 62 s ago
        let (url, config) = try await database()
        let (a, _) = try await twoReplicas(url)
        let at = { (seconds: TimeInterval) in cli.now.addingTimeInterval(seconds) }
        #expect(try await a.publishLeaderNote("feed gitlab.example.com", value: "{}", now: at(-2), wake: nil))
        #expect(
            try await a.publishLeaderNote("discovery gitlab.example.com group acme", value: "[]", now: at(-62), wake: nil)
        )

        // When status runs, as text and as JSON
        let text = try await cli.run(["status", "--config", config])
        let json = try await cli.run(["status", "--config", config, "--json"])

        // Then the text ends with them, by name, with their age and writer
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("PUBLISHED BY THE LEADER") })
        #expect(lines.count == header + 3)
        #expect(lines[header + 1].hasPrefix("discovery gitlab.example.com group acme  1m"))
        #expect(lines[header + 1].hasSuffix(Self.web1))
        #expect(lines[header + 2].hasPrefix("feed gitlab.example.com") && lines[header + 2].contains("2s ago"))

        // And the JSON lists them, without their values
        let report = try EventJSON.decoder().decode(StatusReport.self, from: Data(json.utf8))
        #expect(
            report.replicas?.published == [
                .init(name: "discovery gitlab.example.com group acme", writtenAt: at(-62), writtenBy: Self.web1),
                .init(name: "feed gitlab.example.com", writtenAt: at(-2), writtenBy: Self.web1),
            ]
        )
        #expect(!json.contains("\"value\""))
    }

    @Test func testStatus_onPostgres_json_addsReplicasAndKeepsTheRest() async throws {
        let (url, config) = try await database()
        _ = try await twoReplicas(url)

        let text = try await cli.run(["status", "--config", config, "--json"])

        let report = try EventJSON.decoder().decode(StatusReport.self, from: Data(text.utf8))
        #expect(report.state == "postgres://" + (try PostgresStoreConfiguration(url: url).location))
        #expect(report.projects.map(\.path) == ["glwatch/sample"])
        #expect(report.sinks.map(\.name) == ["chat", "ops"])
        let replicas = try #require(report.replicas)
        #expect(replicas.leasePeriodSeconds == 30)
        #expect(replicas.live.map(\.id) == [Self.web1, Self.web2])
        let web1 = replicas.live[0]
        #expect(web1.host == "web-1" && web1.pid == 4242 && web1.leases == 2 && web1.leader)
        #expect(web1.startedAt == cli.now.addingTimeInterval(-35))
        #expect(web1.lastHeartbeatAt == cli.now.addingTimeInterval(-5))
        #expect(web1.heartbeatExpiresAt == cli.now.addingTimeInterval(25))
        #expect(!replicas.live[1].leader && replicas.live[1].leases == 1)
        #expect(replicas.leader == .init(replica: Self.web1, until: cli.now.addingTimeInterval(25), expired: false))
        #expect(replicas.leases.held == 3 && replicas.leases.waiting == 3)
        #expect(
            replicas.leases.waitingProjects.last
                == .init(
                    key: Self.projects[4].description, path: nil, expiredOwner: Self.web2,
                    expiredAt: cli.now.addingTimeInterval(-5)
                )
        )
        // The SQLite keys stay; `replicas` is added
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["version", "generatedAt", "state", "projects", "sinks", "replicas"])
    }

    @Test func testStatus_onPostgres_joinsNothingAndChangesNothing() async throws {
        // Given the two replicas
        let (url, config) = try await database()
        let (a, _) = try await twoReplicas(url)
        let tables =
            "SELECT (SELECT COUNT(*) FROM replica) * 1000 + (SELECT COUNT(*) FROM projectLease WHERE owner IS NOT NULL)"
        let before = try await a.count(tables)
        let fences = try await a.count("SELECT SUM(fence)::bigint FROM projectLease")

        // When status reads (twice)
        try await cli.run(["status", "--config", config])
        try await cli.run(["status", "--config", config, "--json"])

        // Then no replica row, lease or fence changed, and the leader is still web-1
        #expect(try await a.count(tables) == before)
        #expect(try await a.count("SELECT SUM(fence)::bigint FROM projectLease") == fences)
        #expect(try await a.acquireLeadership(now: cli.now))
    }

    @Test func testStatus_onPostgres_noLiveReplica_expiredLeader_saysSo() async throws {
        // Given a database a replica used, then was killed: its heartbeat and the leader lease expired
        let (url, config) = try await database()
        let a = try await open(url, Self.web1)
        try await a.heartbeat(now: cli.now.addingTimeInterval(-100))
        #expect(try await a.acquireLeadership(now: cli.now.addingTimeInterval(-100)))

        // When
        let text = try await cli.run(["status", "--config", config])

        // Then
        #expect(text.contains("no live replica: none has beaten its heartbeat within the lease period\n"))
        #expect(text.contains("leader: none: the lease of web-1/4242/1a2b3c4d expired 1m10s ago"))
        #expect(text.contains("leases: 0 held, 0 waiting to be claimed"))
    }

    @Test func testStatus_onPostgres_hostileReplicaIdsAndPaths_areEscaped() async throws {
        // Given a replica whose id carries a terminal escape sequence
        let (url, config) = try await database()
        let evil = "evil\u{1B}[2J/1/\u{202E}x"
        let a = try await open(url, evil)
        try await a.heartbeat(now: cli.now.addingTimeInterval(-1))
        #expect(try await a.acquireLeadership(now: cli.now.addingTimeInterval(-1)))

        // When
        let text = try await cli.run(["status", "--config", config])
        let json = try await cli.run(["status", "--config", config, "--json"])

        // Then the text shows the escapes written out, and the JSON has them escaped by the encoder
        #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
        #expect(text.contains("evil\\u{1B}[2J/1/\\u{202E}x"))
        #expect(!json.contains("\u{1B}"))
        let report = try EventJSON.decoder().decode(StatusReport.self, from: Data(json.utf8))
        #expect(report.replicas?.live.map(\.id) == [evil])
    }

    @Test func testStatus_onPostgres_outputsNeverShowThePassword() async throws {
        let (url, config) = try await database()
        _ = try await twoReplicas(url)
        let password = try #require(URLComponents(string: url)?.password)

        let text = try await cli.run(["status", "--config", config])
        let json = try await cli.run(["status", "--config", config, "--json"])

        #expect(!text.contains(password) && !json.contains(password))
    }

    @Test func testStatus_onPostgres_unreachableOrRefused_namesTheHostNeverThePassword() async throws {
        // Given a config pointing at a closed port, then at the real server with a wrong password
        let (url, config) = try await database()
        let port = try #require(URLComponents(string: url)?.port)
        for (bad, expected) in [
            (
                "postgres://glwatch:s3cret-pw@127.0.0.1:1/glwatch",
                "cannot reach the PostgreSQL state database glwatch@127.0.0.1:1/glwatch"
            ),
            (
                PostgresTestServer.replacingDatabase(of: url, with: "postgres", password: "s3cret-pw"),
                "the PostgreSQL server refused the login to postgres@127.0.0.1:\(port)/postgres"
            ),
        ] {
            cli.environment["GLWATCH_DATABASE_URL"] = bad

            // When / Then: the error names user@host:port/database and where the URL came from, never the password
            do {
                try await cli.run(["status", "--config", config])
                Issue.record("expected an error for \(expected)")
            } catch let error as CLIError {
                #expect(error.description.hasPrefix(expected), "\(error.description)")
                #expect(error.description.hasSuffix("(state.postgres: env GLWATCH_DATABASE_URL)"))
                #expect(!error.description.contains("s3cret-pw"))
            }
        }
        #expect(cli.output.text.isEmpty)
    }

    @Test func testStatus_onPostgres_aDatabaseNoGlwatchUsedYet_saysHowToCreateIt() async throws {
        let (url, config) = try await database()

        do {
            try await cli.run(["status", "--config", config])
            Issue.record("expected an error")
        } catch let error as CLIError {
            let location = try PostgresStoreConfiguration(url: url).location
            #expect(error.description.hasPrefix("no glwatch state in the PostgreSQL database \(location) yet"))
        }
        // And it created nothing: the database still has no glwatch tables
        await #expect(throws: StateStoreError.notFound(path: try PostgresStoreConfiguration(url: url).location)) {
            try await PostgresStateStore.openForReading(try PostgresStoreConfiguration(url: url)).close()
        }
    }

    @Test func testHistoryAndDeliveries_onPostgres_readTheDatabase() async throws {
        // Given the fixture's events and deliveries in PostgreSQL
        let (url, config) = try await database()
        try await CLIStateFixture.seed(try await open(url, Self.web1))

        // When
        let history = try await cli.run(["history", "--config", config, "--project", "glwatch/sample", "--json"])
        let deliveries = try await cli.run(["deliveries", "--config", config, "--only", "dead"])

        // Then they list what PostgreSQL holds
        let object = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [String: Any])
        #expect((object["events"] as? [Any])?.count == CLIStateFixture.events.count)
        #expect(deliveries.split(separator: "\n").count == 2)  // the header and ops' one dead letter
        #expect(deliveries.contains("ops"))
    }

    @Test func testRetryAndReplay_onPostgres_writeTheDatabaseBesideTheReplicas() async throws {
        // Given the fixture's events and its dead letter (ops) in PostgreSQL, with a replica running
        let (url, config) = try await database()
        let replica = try await open(url, Self.web1)
        try await CLIStateFixture.seed(replica)
        try await replica.heartbeat(now: cli.now)

        // When the dead letters are re-queued and an event is replayed to chat
        let retried = try await cli.run(["deliveries", "--config", config, "--retry-all"])
        let event = CLIStateFixture.id(of: .commitsNew)
        let replayed = try await cli.run(["replay", event, "--sink", "chat", "--config", config])

        // Then the database holds them, due now, and the commands say the replicas send them
        #expect(retried == "re-queued 1 dead letter; the running replicas send them now (or the first one to start)\n")
        #expect(replayed.contains("queued event") && replayed.contains("the running replicas send it now"))
        #expect(try await replica.count("SELECT count(*) FROM delivery WHERE state = 'dead'") == 0)
        #expect(
            try await replica.count(
                "SELECT count(*) FROM delivery d JOIN event e ON e.seq = d.eventSeq WHERE e.id = '\(event)' AND d.sink = 'chat'"
            ) == 2
        )
        // And the commands joined no replica: the running one is still the only one
        #expect(try await replica.count("SELECT count(*) FROM replica") == 1)
    }
}
