import FakeGitLab
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `glwatch run` as users run it: the built executable, a config file, signals — against the fake GitLab.
@Suite("glwatch run, as a subprocess", .serialized)
struct RunEndToEndTests {
    @Test(.timeLimit(.minutes(5)))
    func testRun_pushThenSIGTERM_printsTheNotificationAndExitsZeroWithNothingLost() async throws {
        let world = try await WatchWorld()
        try world.writeConfig()
        let run = try world.glwatch(["run", "--log-level", "trace"])
        defer { run.terminate() }
        try await run.waitForLine(containing: "first cycle done", in: .stderr)

        world.project.commit("Fix the launch window", on: "main", by: WatchWorld.ada)
        try await run.waitForLine(containing: "1 new commit on main in acme/api")
        try await run.waitForLine(containing: "Fix the launch window (Ada Lovelace)")

        run.send(SIGTERM)
        #expect(try await run.waitForExit() == 0)
        #expect(run.stderr.contains("stopped"))
        // Nothing lost: the notification was recorded as delivered, nothing waits, the state was closed
        let status = try await world.finished(["status", "--json"])
        #expect(status.1 == 0, "\(status.0.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(status.0.stdout.utf8)) as? [String: Any])
        let sinks = try #require(report["sinks"] as? [[String: Any]])
        #expect(sinks.map { $0["name"] as? String } == ["terminal"])
        #expect(
            sinks.allSatisfy { $0["queueDepth"] as? Int == 0 && $0["deadLetters"] as? Int == 0 },
            "\(status.0.stdout)"
        )
        let history = try await world.finished(["history"])
        #expect(history.0.stdout.contains("commits.new  1 new commit on main in acme/api  [terminal: delivered]"))
        // The token never shows, even at trace level
        for output in [run.stdout, run.stderr, status.0.stdout, history.0.stdout] {
            #expect(!output.contains(world.token))
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func testRun_SIGHUP_reloadsAChangedRule_andRejectsAnInvalidOneKeepingTheOld() async throws {
        // Given a watcher printing text
        let world = try await WatchWorld()
        try world.writeConfig()
        let run = try world.glwatch(["run"])
        defer { run.terminate() }
        try await run.waitForLine(containing: "first cycle done", in: .stderr)
        world.project.commit("Before the reload", on: "main", by: WatchWorld.ada)
        try await run.waitForLine(containing: "Before the reload (Ada Lovelace)")

        // When the rule is changed to a JSON sink and SIGHUP sent
        try world.writeConfig(
            sinksAndRules: """
                sinks:
                  machines:
                    type: stdout
                    format: json
                  spare:
                    type: stdout
                rules:
                  - name: json-only
                    notify: [machines]
                """
        )
        run.send(SIGHUP)
        try await run.waitForLine(containing: "config reloaded", in: .stderr)
        // The new config's warnings are logged with their positions, as `glwatch check` prints them
        let warning = try await run.waitForLine(containing: #"sink "spare" is not used by any rule"#, in: .stderr)
        #expect(warning.contains("\(world.configPath):"))
        world.project.commit("After the reload", on: "main", by: WatchWorld.ada)

        // Then the next event is printed by the new rule
        let json = try await run.waitForLine(containing: "After the reload")
        #expect(json.hasPrefix("{"))
        #expect(json.contains(#""type":"commits.new""#))

        // When an invalid config is loaded
        try world.writeConfig(
            sinksAndRules: """
                rules:
                  - name: broken
                    notify: [nowhere]
                """
        )
        run.send(SIGHUP)
        try await run.waitForLine(containing: "config reload rejected", in: .stderr)
        let diagnostic = try await run.waitForLine(containing: #"undefined sink "nowhere""#, in: .stderr)
        // One error line per diagnostic, with its position
        #expect(diagnostic.contains(" error glwatch: "))
        #expect(diagnostic.contains("\(world.configPath):"))
        #expect(diagnostic.hasSuffix(#"undefined sink "nowhere" used in rule "broken""#))

        // Then the running rules keep working
        world.project.commit("After the rejected reload", on: "main", by: WatchWorld.ada)
        let kept = try await run.waitForLine(containing: "After the rejected reload")
        #expect(kept.contains(#""type":"commits.new""#))

        run.send(SIGTERM)
        #expect(try await run.waitForExit() == 0)
        #expect(!run.stdout.contains(world.token) && !run.stderr.contains(world.token))
    }

    @Test(.timeLimit(.minutes(5)))
    func testRun_secondWatcherAndAdminWrites_refuseNamingTheFirst_readsWork() async throws {
        let world = try await WatchWorld()
        try world.writeConfig()
        let first = try world.glwatch(["run"])
        defer { first.terminate() }
        try await first.waitForLine(containing: "first cycle done", in: .stderr)

        let (second, status) = try await world.finished(["run"])

        #expect(status == 1)
        #expect(second.stderr.contains("is in use by another glwatch (pid \(first.pid))"), "\(second.stderr)")

        // Admin writes refuse too, naming the watcher; reads work beside it
        let (retry, retryStatus) = try await world.finished(["deliveries", "--retry-all"])
        #expect(retryStatus == 1)
        #expect(
            retry.stderr.contains("glwatch run is active (pid \(first.pid)) on \(world.statePath)"),
            "\(retry.stderr)"
        )
        let (status2, statusCode) = try await world.finished(["status"])
        #expect(statusCode == 0, "\(status2.stderr)")
        #expect(status2.stdout.contains("acme/api"))
        first.send(SIGTERM)
        #expect(try await first.waitForExit() == 0)
    }

    /// A watcher whose webhook send is held by the receiver: returns the world and the running process once the
    /// send is in flight.
    private func watcherWithASendInFlight() async throws -> (WatchWorld, GLWatchProcess) {
        let world = try await WatchWorld()
        world.extraEnvironment["GLWATCH_E2E_HOOK"] = world.fake.baseURL.absoluteString + "/hook"
        try world.writeConfig(
            sinksAndRules: """
                sinks:
                  hook:
                    type: webhook
                    url_env: GLWATCH_E2E_HOOK
                rules:
                  - name: everything
                    notify: [hook]
                """
        )
        let run = try world.glwatch(["run"])
        try await run.waitForLine(containing: "first cycle done", in: .stderr)
        let hook = FakeRequestMatcher.path("/hook", method: "POST")
        world.fake.inject(FakeFault(.hang, on: hook))
        world.project.commit("Deliver me", on: "main", by: WatchWorld.ada)
        await world.fake.waitUntilHung()
        #expect(world.fake.requestCount(matching: hook) == 1)
        return (world, run)
    }

    @Test(.timeLimit(.minutes(5)))
    func testRun_SIGTERMDuringASend_finishesAndRecordsItBeforeExiting() async throws {
        // Given a send in flight
        let (world, run) = try await watcherWithASendInFlight()
        defer { run.terminate() }

        // When SIGTERM arrives while the send is in flight, and the receiver then answers
        run.send(SIGTERM)
        try await run.waitForLine(containing: "stopping", in: .stderr)
        world.fake.releaseHungRequests()

        // Then glwatch waits for the answer, records it, and exits 0 (nothing handed back, nothing to resend)
        #expect(try await run.waitForExit() == 0)
        #expect(!run.stderr.contains("handed back"), "\(run.stderr)")
        let (deliveries, status) = try await world.finished(["deliveries", "--only", "dead", "--json"])
        #expect(status == 0, "\(deliveries.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(deliveries.stdout.utf8)) as? [String: Any]
        )
        let rows = try #require(report["deliveries"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["attempts"] as? Int == 1)  // the receiver's answer (404 at the fake) was recorded
        #expect(rows.first?["lastHTTPStatus"] as? Int == 404)
    }

    @Test(.timeLimit(.minutes(5)))
    func testRun_secondSIGTERMDuringASend_stopsAtOnceHandingItBack() async throws {
        let (world, run) = try await watcherWithASendInFlight()
        defer { run.terminate() }

        run.send(SIGTERM)
        try await run.waitForLine(containing: "stopping", in: .stderr)
        run.send(SIGTERM)

        // The receiver never answered, and the 5 s grace is not waited out: the time limit would catch a hang
        try await run.waitForLine(containing: "stopping now: deliveries in flight are handed back", in: .stderr)
        #expect(try await run.waitForExit() == 0)
        world.fake.releaseHungRequests()
        #expect(!run.stderr.contains("delivery queue failed"), "\(run.stderr)")
        // Handed back: still waiting, no attempt counted against the sink
        let (deliveries, _) = try await world.finished(["deliveries", "--json"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(deliveries.stdout.utf8)) as? [String: Any]
        )
        let rows = try #require(report["deliveries"] as? [[String: Any]])
        #expect(rows.map { $0["state"] as? String } == ["pending"], "\(deliveries.stdout)")
        #expect(rows.first?["attempts"] as? Int == 0)
    }
}
