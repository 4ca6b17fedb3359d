import Foundation
import Testing

/// `glwatch once` and its exit codes, and `--dry-run`, against the fake GitLab.
@Suite("glwatch once, as a subprocess", .serialized)
struct OnceEndToEndTests {
    @Test(.timeLimit(.minutes(5)))
    func testOnce_baselineThenPush_printsTheNotificationAndExitsZero() async throws {
        let world = try await WatchWorld()
        try world.writeConfig()

        let (baseline, first) = try await world.finished(["once"])
        #expect(first == 0, "\(baseline.stderr)")
        #expect(baseline.stdout.isEmpty)  // a baseline announces nothing

        world.project.commit("Add telemetry", on: "main", by: WatchWorld.ada)
        let (push, second) = try await world.finished(["once"])
        #expect(second == 0, "\(push.stderr)")
        #expect(push.stdout.contains("1 new commit on main in acme/api"))
        #expect(push.stderr.contains("1 delivered, 0 to retry, 0 dead"))
        for output in [baseline.stdout, baseline.stderr, push.stdout, push.stderr] {
            #expect(!output.contains(world.token))
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testOnce_failedPoll_exitsTwo() async throws {
        let world = try await WatchWorld()
        try world.writeConfig(projects: ["acme/does-not-exist"])

        let (once, status) = try await world.finished(["once"])

        #expect(status == 2, "\(once.stderr)")
        #expect(once.stderr.contains("project acme/does-not-exist not found (HTTP 404"))
        #expect(once.stderr.contains("1 target failed to resolve"))
    }

    @Test(.timeLimit(.minutes(5)))
    func testOnce_unreachableGitLab_exitsTwoNamingTheInstance_andPollsNothing() async throws {
        let world = try await WatchWorld()
        try world.writeConfig()
        await world.fake.stop()  // the configured address now refuses connections

        let (once, status) = try await world.finished(["once"])

        #expect(status == 2, "\(once.stderr)")
        #expect(once.stderr.contains("cannot reach GitLab instance"), "\(once.stderr)")
        #expect(once.stderr.contains("nothing was polled"))
        #expect(!once.stderr.contains(world.token))
    }

    @Test(.timeLimit(.minutes(5)))
    func testOnce_configWithErrors_exitsOneWithPositions() async throws {
        let world = try await WatchWorld()
        try world.writeConfig(sinksAndRules: "rules:\n  - name: broken\n    notify: [nowhere]\n")

        let (once, status) = try await world.finished(["once"])

        #expect(status == 1)
        #expect(once.stderr.contains("the config has errors:\n\(world.configPath):"), "\(once.stderr)")
        #expect(once.stderr.contains("nowhere"))
        #expect(!FileManager.default.fileExists(atPath: world.statePath))  // nothing was polled or stored
    }

    @Test(.timeLimit(.minutes(5)))
    func testOnce_failedDelivery_exitsThree() async throws {
        let world = try await WatchWorld()
        let unreachable = """
            sinks:
              hook:
                type: webhook
                url_env: GLWATCH_E2E_HOOK
            rules:
              - name: everything
                notify: [hook]
            """
        try world.writeConfig(sinksAndRules: unreachable)
        world.extraEnvironment["GLWATCH_E2E_HOOK"] = "http://127.0.0.1:1/hook"  // nothing listens on port 1
        let (baseline, first) = try await world.finished(["once"])
        #expect(first == 0, "\(baseline.stderr)")
        world.project.commit("Trigger a delivery", on: "main", by: WatchWorld.ada)

        let (once, status) = try await world.finished(["once"])

        #expect(status == 3, "\(once.stderr)")
        #expect(once.stderr.contains("0 delivered, 1 to retry"))
    }

    @Test(.timeLimit(.minutes(5)))
    func testOnceDryRun_showsTheMessagesWithoutSendingOrStoring() async throws {
        let world = try await WatchWorld()
        try world.writeConfig()
        _ = try await world.finished(["once"])
        world.project.commit("Refuel", on: "main", by: WatchWorld.ada)

        let (dry, status) = try await world.finished(["once", "--dry-run"])

        #expect(status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("matched rules: everything"))
        #expect(dry.stdout.contains("-> sink \"terminal\" (rule \"everything\")"))
        #expect(dry.stdout.contains("1 events, 1 messages would be sent; nothing was sent or stored"))
        // Nothing advanced: the real run finds and sends the same change
        let (real, realStatus) = try await world.finished(["once"])
        #expect(realStatus == 0)
        #expect(real.stdout.contains("1 new commit on main in acme/api"))
    }

    @Test(.timeLimit(.minutes(5)))
    func testStatusJSON_afterOnceWithJSONLogs_parsesWithTheProjectAndItsHead() async throws {
        let world = try await WatchWorld()
        try world.writeConfig()
        _ = try await world.finished(["once"])

        let (logged, logCode) = try await world.finished(["once", "--log-format", "json", "--log-level", "debug"])
        #expect(logCode == 0, "\(logged.stderr)")
        let logLines = logged.stderr.split(separator: "\n")
        #expect(!logLines.isEmpty)
        for line in logLines {  // --log-format json: every line on stderr is one JSON object
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }

        let (status, code) = try await world.finished(["status", "--json"])

        #expect(code == 0, "\(status.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let projects = try #require(report["projects"] as? [[String: Any]])
        #expect(projects.map { $0["path"] as? String } == ["acme/api"])
        let heads = try #require(projects[0]["heads"] as? [[String: Any]])
        #expect(heads.map { $0["sha"] as? String } == [world.project.head(of: "main")])
        #expect(!status.stdout.contains(world.token))
    }
}
