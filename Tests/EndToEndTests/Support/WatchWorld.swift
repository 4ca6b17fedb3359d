import FakeGitLab
import Foundation

/// A fake GitLab on 127.0.0.1 with one private project, a token for it, and a temp directory holding a
/// config that points glwatch at them: what the end-to-end tests run the real executable against.
final class WatchWorld {
    let fake = FakeGitLab()
    let project: FakeProject
    /// The access token, given to glwatch through the environment only.
    let token: String
    let directory: String
    static let ada = FakeAuthor(name: "Ada Lovelace", email: "ada@example.com")

    init() async throws {
        let user = fake.addUser("ada", name: "Ada Lovelace", email: "ada@example.com")
        token = fake.addPersonalAccessToken(for: user)
        project = fake.addProject("acme/api", visibility: .private, members: [user])
        project.generateHistory(commits: 5, authors: [Self.ada], mergeEvery: nil)
        directory = NSTemporaryDirectory() + "glwatch-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try await fake.start()
    }

    /// The config file's path.
    var configPath: String { directory + "/glwatch.yml" }
    /// The state database's path.
    var statePath: String { directory + "/state.db" }

    /// More variables for every glwatch started (sink URLs).
    var extraEnvironment: [String: String] = [:]

    /// The environment glwatch runs with: the token, a home inside the temp directory, and `extraEnvironment`.
    var environment: [String: String] {
        ["GLWATCH_E2E_TOKEN": token, "HOME": directory, "XDG_STATE_HOME": directory + "/xdg"]
            .merging(extraEnvironment) { _, extra in extra }
    }

    /// Writes the config: the fake instance, `projects` polled every second, and `sinksAndRules`.
    func writeConfig(
        projects: [String] = ["acme/api"],
        sinksAndRules: String = WatchWorld.terminalRules,
        extra: String = ""
    ) throws {
        let watch = projects.map { "  - project: \($0)\n    interval: 1s\n    max_interval: 1s\n" }.joined()
        let yaml = """
            gitlab:
              fake:
                url: \(fake.baseURL.absoluteString)
                token_env: GLWATCH_E2E_TOKEN
            watch:
            \(watch)state:
              path: \(statePath)
            engine:
              shutdown_grace: 5s
            \(extra)
            \(sinksAndRules)
            """
        try yaml.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    /// Every event, as text, on standard output.
    static let terminalRules = """
        sinks:
          terminal:
            type: stdout
        rules:
          - name: everything
            notify: [terminal]
        """

    /// Starts `glwatch arguments… --config <this config>`.
    func glwatch(_ arguments: [String]) throws -> GLWatchProcess {
        try GLWatchProcess(arguments + ["--config", configPath], environment: environment, directory: directory)
    }

    /// Runs `glwatch arguments…` to its end; returns the process (its output and status are read from it).
    func finished(_ arguments: [String]) async throws -> (GLWatchProcess, Int32) {
        let process = try glwatch(arguments)
        let status = try await process.waitForExit()
        return (process, status)
    }

    deinit {
        let fake = self.fake
        Task { await fake.stop() }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
