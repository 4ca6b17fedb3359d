import FakeGitLab
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `glwatch run` with `hooks:`: the fake GitLab's push webhook makes glwatch poll at once, on a 10-minute interval.
@Suite("glwatch run's webhook listener, as a subprocess")
struct HooksEndToEndTests {
    @Test(.timeLimit(.minutes(5)))
    func testRun_withHooks_aPushIsNotifiedAtOnceDespiteA10MinuteInterval() async throws {
        // Given glwatch polling acme/api every 10 minutes, listening for hooks on a free port
        let world = try await WatchWorld()
        let hookToken = "e2e-hook-token-" + UUID().uuidString
        world.extraEnvironment["GLWATCH_E2E_HOOK_TOKEN"] = hookToken
        let yaml = """
            gitlab:
              fake:
                url: \(world.fake.baseURL.absoluteString)
                token_env: GLWATCH_E2E_TOKEN
            watch:
              - {project: acme/api, interval: 10m, max_interval: 10m}
            state: {path: \(world.statePath)}
            hooks:
              listen: 127.0.0.1:0
              token_env: GLWATCH_E2E_HOOK_TOKEN
            \(WatchWorld.terminalRules)
            """
        try yaml.write(toFile: world.configPath, atomically: true, encoding: .utf8)
        let run = try world.glwatch(["run"])
        defer { run.terminate() }
        let listening = try await run.waitForLine(containing: "listening for GitLab webhooks", in: .stderr)
        let port = try #require(
            listening.split(separator: "address=127.0.0.1:").last.flatMap { Int($0.prefix { $0.isNumber }) }
        )
        try await run.waitForLine(containing: "first cycle done", in: .stderr)

        // When GitLab sends its push hook for a new commit
        world.fake.sendHooks(
            FakeHookSettings(url: URL(string: "http://127.0.0.1:\(port)/gitlab")!, token: hookToken)
        )
        world.project.commit("Ship the instant mode", on: "main", by: WatchWorld.ada)

        // Then the notification is printed long before the next poll would have run
        try await run.waitForLine(containing: "Ship the instant mode (Ada Lovelace)")
        await world.fake.waitForHooks(1)
        #expect(world.fake.sentHooks.map(\.status) == [200])
        run.send(SIGTERM)
        #expect(try await run.waitForExit() == 0)
        for output in [run.stdout, run.stderr] {
            #expect(!output.contains(hookToken))
            #expect(!output.contains(world.token))
        }
    }
}
