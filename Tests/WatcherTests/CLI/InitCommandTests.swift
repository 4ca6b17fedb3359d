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
            to: command.path,
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

    @Test func testTheStarterConfig_passesCheck_withoutAnyEnvironment() throws {
        let system = FakeConfigSystem(files: ["/w/glwatch.yml": StarterConfig.text])
        let config = try GLWatchConfig.load(path: "/w/glwatch.yml", environment: system)
        #expect(config.watchTargets.map(\.scope) == [.project(.path("gitlab-org/cli"))])
        #expect(config.notifier.sinks.map(\.kind) == [.stdout])
    }

    @Test func testTheStarterConfig_documentsEveryOption() throws {
        // Every key of glwatch's own sections appears in the starter, written or commented.
        let text = StarterConfig.text
        for key in ConfigSchemaTests.allKeyPaths().map({ $0.split(separator: ".").last! }) {
            #expect(text.contains("\(key):"), "the starter config does not mention \"\(key)\"")
        }
    }
}
