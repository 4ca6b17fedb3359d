import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `glwatch run` as users run it: the built executable, a config file, signals — against the fake GitLab.
@Suite("glwatch run, as a subprocess", .serialized)
struct RunEndToEndTests {
    @Test(.timeLimit(.minutes(2)))
    func testRun_pushThenSIGTERM_printsTheNotificationAndExitsZeroWithNothingLost() async throws {
        let world = try await WatchWorld()
        try world.writeConfig()
        let run = try world.glwatch(["run", "--log-level", "trace"])
        defer { run.terminate() }
        try await run.waitForLine(containing: "first poll done", in: .stderr)

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
        #expect((report["sinks"] as? [Any])?.isEmpty == true, "no delivery waiting or dead: \(status.0.stdout)")
        let history = try await world.finished(["history"])
        #expect(history.0.stdout.contains("commits.new  1 new commit on main in acme/api  [terminal: delivered]"))
        // The token never shows, even at trace level
        for output in [run.stdout, run.stderr, status.0.stdout, history.0.stdout] {
            #expect(!output.contains(world.token))
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func testRun_SIGHUP_reloadsAChangedRule_andRejectsAnInvalidOneKeepingTheOld() async throws {
        // Given a watcher printing text
        let world = try await WatchWorld()
        try world.writeConfig()
        let run = try world.glwatch(["run"])
        defer { run.terminate() }
        try await run.waitForLine(containing: "first poll done", in: .stderr)
        world.project.commit("Before the reload", on: "main", by: WatchWorld.ada)
        try await run.waitForLine(containing: "Before the reload (Ada Lovelace)")

        // When the rule is changed to a JSON sink and SIGHUP sent
        try world.writeConfig(
            sinksAndRules: """
                sinks:
                  machines:
                    type: stdout
                    format: json
                rules:
                  - name: json-only
                    notify: [machines]
                """
        )
        run.send(SIGHUP)
        try await run.waitForLine(containing: "config reloaded", in: .stderr)
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
        let diagnostic = try await run.waitForLine(containing: "glwatch.yml:", in: .stderr)
        #expect(diagnostic.contains("nowhere"))

        // Then the running rules keep working
        world.project.commit("After the rejected reload", on: "main", by: WatchWorld.ada)
        let kept = try await run.waitForLine(containing: "After the rejected reload")
        #expect(kept.contains(#""type":"commits.new""#))

        run.send(SIGTERM)
        #expect(try await run.waitForExit() == 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func testRun_secondWatcherOnTheSameState_refusesNamingTheFirst() async throws {
        let world = try await WatchWorld()
        try world.writeConfig()
        let first = try world.glwatch(["run"])
        defer { first.terminate() }
        try await first.waitForLine(containing: "first poll done", in: .stderr)

        let (second, status) = try await world.finished(["run"])

        #expect(status == 1)
        #expect(second.stderr.contains("is in use by another glwatch (pid \(first.pid))"), "\(second.stderr)")
        first.send(SIGTERM)
        #expect(try await first.waitForExit() == 0)
    }
}
