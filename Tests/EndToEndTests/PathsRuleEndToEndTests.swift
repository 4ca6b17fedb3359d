import FakeGitLab
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A `paths:` rule in the real executable: changed paths are read from GitLab, and a project it could match keeps
/// being polled and announced (issue 12, finding 1).
@Suite("glwatch run with a paths rule, as a subprocess", .serialized)
struct PathsRuleEndToEndTests {
    @Test(.timeLimit(.minutes(5)))
    func testRun_pathsRule_announcesPushesTouchingItsPaths_andOnlyThose() async throws {
        // Given glwatch running with a rule like rules/audit-webhook.yaml's docs-changes
        let world = try await WatchWorld()
        try world.writeConfig(
            sinksAndRules: """
                sinks:
                  terminal:
                    type: stdout
                rules:
                  - name: docs-changes
                    events: [commits.new]
                    paths: ["docs/**", "**/*.md"]
                    notify: [terminal]
                """
        )
        let run = try world.glwatch(["run", "--log-level", "debug"])
        defer { run.terminate() }
        try await run.waitForLine(containing: "first cycle done", in: .stderr)

        // When a push touches only code (stored, one poll), and the next one the docs
        world.project.commit("Tune the engine", on: "main", by: WatchWorld.ada, files: ["Sources/engine.swift"])
        try await run.waitForLine(containing: "events=1", in: .stderr)
        world.project.commit("Describe the engine", on: "main", by: WatchWorld.ada, files: ["docs/engine.md"])

        // Then the docs push is announced, the code push is not, and no poll failed
        try await run.waitForLine(containing: "Describe the engine (Ada Lovelace)")
        run.send(SIGTERM)
        #expect(try await run.waitForExit() == 0)
        #expect(!run.stdout.contains("Tune the engine"))
        #expect(!run.stderr.contains("poll failed"), "\(run.stderr)")
        #expect(!run.stderr.contains("changed-paths"))
    }
}
