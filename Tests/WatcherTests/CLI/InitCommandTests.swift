import ArgumentParser
import Foundation
import Notifier
import Synchronization
import Testing

@testable import Watcher

@Suite struct InitCommandTests {
    /// Runs `init` against a fake file system; returns the status, the written files and the outputs.
    func run(
        _ arguments: [String],
        existing: [String: String] = [:]
    ) throws -> (
        status: Int32, written: [String: String], output: String, errors: String
    ) {
        let command = try InitCommand.parse(arguments)
        let system = FakeConfigSystem(variables: ["HOME": "/home/ada"], files: existing)
        var written: [String: String] = [:]
        let output = CapturedText()
        let errors = CapturedText()
        let status = InitCommand.write(
            StarterConfig.text(url: command.url, tokenEnv: command.tokenEnv, projects: command.projects),
            to: command.path,
            tokenEnv: command.tokenEnv,
            force: command.force,
            system: system,
            writeFile: { text, path in written[path] = text },
            output: output,
            errors: errors
        )
        return (status, written, output.text, errors.text)
    }

    @Test func testWritesTheStarterConfig_toGlwatchYmlByDefault() throws {
        let result = try run([])
        #expect(result.status == 0)
        #expect(result.written == ["glwatch.yml": StarterConfig.text])
        #expect(result.output == "Wrote glwatch.yml. Next: edit it, then run `glwatch check` and `glwatch run`.\n")
        let other = try run(["/etc/glwatch/config.yml"])
        #expect(other.written.keys.sorted() == ["/etc/glwatch/config.yml"])
        #expect(other.output.contains("`glwatch check --config /etc/glwatch/config.yml`"))
    }

    @Test func testRefusesToOverwrite_withoutForce() throws {
        let refused = try run([], existing: ["glwatch.yml": "mine"])
        #expect(refused.status == 1)
        #expect(refused.written.isEmpty)
        #expect(refused.errors == "glwatch.yml already exists; pass --force to overwrite it\n")
        let forced = try run(["--force"], existing: ["glwatch.yml": "mine"])
        #expect(forced.status == 0)
        #expect(forced.written == ["glwatch.yml": StarterConfig.text])
    }

    @Test func testTheStarterConfig_endsWithANewline_soAnAppendedLineStaysItsOwnLine() throws {
        // Given the starter, with and without options
        for starter in [StarterConfig.text, StarterConfig.text(tokenEnv: "GITLAB_TOKEN", projects: ["a/b", "c/d"])] {
            // When a line is appended the usual way (`echo "log: {format: json}" >> glwatch.yml`)
            #expect(starter.hasSuffix("\n") && !starter.hasSuffix("\n\n"))
            let appended = starter + "log: {format: json}\n"
            // Then the file still loads, with the appended key applied
            let system = FakeConfigSystem(variables: ["GITLAB_TOKEN": "t"], files: ["/w/glwatch.yml": appended])
            let config = try GLWatchConfig.load(path: "/w/glwatch.yml", environment: system)
            #expect(config.log.format == .json)
        }
    }

    @Test func testTheStarterConfig_passesCheck_withoutAnyEnvironment() throws {
        let system = FakeConfigSystem(files: ["/w/glwatch.yml": StarterConfig.text])
        let config = try GLWatchConfig.load(path: "/w/glwatch.yml", environment: system)
        #expect(config.watchTargets.map(\.scope) == [.project(.path("gitlab-org/cli"))])
        #expect(config.notifier.sinks.map(\.kind) == [.stdout])
    }

    @Test func testOptions_fillInTheGitLabTheTokenAndTheProjects_andTheResultPassesCheck() throws {
        let result = try run([
            "--url", "https://git.example.com", "--token-env", "MY_TOKEN", "--project", "acme/api", "--project", "42",
        ])
        #expect(
            result.output
                == "Wrote glwatch.yml. Next: edit it, export MY_TOKEN (a token with read_api), then run `glwatch check` "
                + "and `glwatch run`.\n"
        )
        let text = try #require(result.written["glwatch.yml"])
        let system = FakeConfigSystem(variables: ["MY_TOKEN": "glpat-x"], files: ["/w/glwatch.yml": text])
        let config = try GLWatchConfig.load(path: "/w/glwatch.yml", environment: system)
        #expect(
            config.instances.map(\.description) == [
                "git.example.com (https://git.example.com, private token from env MY_TOKEN)"
            ]
        )
        #expect(config.watchTargets.map(\.scope) == [.project(.path("acme/api")), .project(.id(42))])
        #expect(config.watchTargets.map(\.instance) == ["git.example.com", "git.example.com"])
    }

    @Test func testOptions_areValidated() {
        func message(_ arguments: [String]) -> String {
            do {
                _ = try InitCommand.parse(arguments)
                return "accepted"
            } catch {
                return InitCommand.message(for: error)
            }
        }
        #expect(message(["--url", "ftp://x"]) == "--url must be an http(s) URL like https://gitlab.example.com")
        #expect(
            message(["--token-env", "MY-TOKEN"]) == "--token-env must be an environment variable name like GITLAB_TOKEN"
        )
        #expect(
            message(["--project", "a b"]) == "--project must be a project path like acme/api, or an id (got \"a b\")"
        )
        #expect(message(["--project", "a/b", "--url", "https://x.example"]) == "accepted")
    }

    @Test func testTheStarterConfig_documentsEveryOption() throws {
        // Every key of glwatch's own sections appears in the starter, written or commented.
        let text = StarterConfig.text
        for key in ConfigSchemaTests.allKeyPaths().map({ $0.split(separator: ".").last! }) {
            #expect(text.contains("\(key):"), "the starter config does not mention \"\(key)\"")
        }
    }
}
