import Foundation
import Notifier
import Testing

@testable import Watcher

/// Every config in `examples/` and every rules file in `rules/` loads with glwatch's own loader, as `glwatch check`
/// would load them.
@Suite struct ExampleConfigsTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let examples = repository.appendingPathComponent("examples").path
    static let rules = repository.appendingPathComponent("rules").path

    /// The real file system, with stand-ins for the secrets the examples name (and nothing else set, so every
    /// `${VAR:-default}` takes its default).
    struct ExampleSystem: ConfigSystem {
        static let variables = [
            "HOME": "/home/ada",
            "GITLAB_TOKEN": "glpat-stand-in-token",
            "SLACK_WEBHOOK_URL": "https://hooks.slack.com/services/T000/B000/stand-in",
            "MATTERMOST_WEBHOOK_URL": "https://chat.example.com/hooks/stand-in",
            "AUDIT_WEBHOOK_URL": "https://audit.example.com/hooks/glwatch",
            "AUDIT_WEBHOOK_SECRET": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "TELEGRAM_BOT_TOKEN": "123456:stand-in",
            "SMTP_PASSWORD": "stand-in",
        ]
        let live = ProcessConfigSystem()

        func variable(named name: String) -> String? {
            // The rules/ files name more variables; any *_URL or *SECRET gets a plausible value.
            if let value = Self.variables[name] { return value }
            if name.hasSuffix("SECRET") { return "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }
            if name.hasSuffix("_URL"), name != "GITLAB_URL" { return "https://hooks.example.com/\(name.lowercased())" }
            if name.hasSuffix("_TOKEN") { return "stand-in-\(name.lowercased())" }
            return nil
        }

        func contentsOfFile(atPath path: String) throws -> String {
            if path.hasPrefix("/run/secrets/") {
                return "https://hooks.example.com/\(path.split(separator: "/").last!)"
            }
            return try live.contentsOfFile(atPath: path)
        }

        func fileExists(atPath path: String) -> Bool { live.fileExists(atPath: path) }
        func files(under directory: String) -> [String] { live.files(under: directory) }
    }

    static var exampleConfigs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? []).filter { $0.hasSuffix(".yml") }
            .sorted()
    }

    static var rulesFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: rules)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test func testTheExampleDirectories_haveWhatTheIssueAsksFor() {
        #expect(
            Self.exampleConfigs == [
                "chatops.yml", "group.yml", "instant-mode.yml", "notification-urls.yml", "quickstart.yml", "releases.yml",
            ]
        )
        #expect(Self.rulesFiles.count >= 4)
        for file in ["glwatch.service", "Containerfile"] {
            #expect(FileManager.default.fileExists(atPath: "\(Self.examples)/\(file)"))
        }
    }

    @Test(arguments: exampleConfigs)
    func testEveryExampleConfig_passesCheck(file: String) throws {
        let config = try GLWatchConfig.load(path: "\(Self.examples)/\(file)", environment: ExampleSystem())
        #expect(!config.watchTargets.isEmpty)
        #expect(!config.notifier.sinks.isEmpty)
        #expect(!config.notifier.rules.rules.isEmpty)
    }

    @Test func testTheReleasesExample_watchesTags_andRoutesTagEventsToTheChatRoom() async throws {
        let config = try GLWatchConfig.load(path: "\(Self.examples)/releases.yml", environment: ExampleSystem())
        #expect(config.watchTargets.map(\.options.tags) == [true])
        let router = config.notifier.rules.router
        let project = ProjectRef(instance: "gitlab.com", id: 1, path: "gitlab-org/cli")
        let tag = WatchEvent.tagCreated(
            project: project, tag: "v1.0.0", sha: String(repeating: "a", count: 40), at: Date(timeIntervalSince1970: 0)
        )
        #expect(try await router.route(tag, changedPaths: nil).deliveries.map(\.sink) == ["releases"])
    }

    @Test func testTheGroupExample_includesItsRulesFiles() throws {
        let config = try GLWatchConfig.load(path: "\(Self.examples)/group.yml", environment: ExampleSystem())
        #expect(config.includedFiles == ["\(Self.examples)/group-rules/console.yaml"])
        #expect(config.notifier.rules.rules.map(\.name) == ["audit-everything", "force-pushes-to-console"])
        #expect(config.instances[0].tokenSource == "file /run/secrets/gitlab_token")
        #expect(config.metrics.enabled)
    }

    @Test func testTheInstantModeExample_listensForHooksWithATokenFromTheEnvironment() throws {
        let config = try GLWatchConfig.load(path: "\(Self.examples)/instant-mode.yml", environment: ExampleSystem())
        let hooks = try #require(config.hooks)
        #expect(hooks.listen == "0.0.0.0:9095")
        #expect(hooks.tokenSource == "env GITLAB_HOOK_TOKEN")
        #expect(hooks.instance == "gitlab.com")
    }

    @Test func testTheNotificationURLsExample_hasOneSinkOfEachNewKind() throws {
        let config = try GLWatchConfig.load(path: "\(Self.examples)/notification-urls.yml", environment: ExampleSystem())
        #expect(config.notifier.sinks.map(\.kind) == [.email, .gotify, .telegram, .discord, .matrix])
        #expect(config.notifier.sink(named: "ops-room")?.policy.retry.giveUpAfter == 7_200)
    }

    @Test(arguments: rulesFiles)
    func testEveryRulesFile_loadsThroughTheConfig(file: String) throws {
        let system = ExampleSystem()
        let config = try GLWatchConfig.load(
            yaml: "rules: [\(Self.rules)/\(file)]\n",
            file: "/etc/glwatch/glwatch.yml",
            baseDirectory: "/etc/glwatch",
            environment: system
        )
        #expect(!config.notifier.sinks.isEmpty)
        #expect(!config.notifier.rules.rules.isEmpty)
    }

    @Test func testTheSystemdUnit_restartsOnFailure_andKeepsStateInItsStateDirectory() throws {
        let unit = try String(contentsOfFile: "\(Self.examples)/glwatch.service", encoding: .utf8)
        let lines = Set(unit.split(separator: "\n").map(String.init))
        for line in [
            "Type=exec", "Restart=on-failure", "StateDirectory=glwatch", "NoNewPrivileges=yes", "ProtectSystem=strict",
            "ExecReload=/bin/kill -HUP $MAINPID",
        ] {
            #expect(lines.contains(line), "glwatch.service lacks \(line)")
        }
    }

    @Test func testTheContainerfile_buildsWithSwift6_andRunsUnprivileged() throws {
        let file = try String(contentsOfFile: "\(Self.examples)/Containerfile", encoding: .utf8)
        #expect(file.contains("FROM docker.io/library/swift:6."))
        #expect(file.contains("USER glwatch"))
        #expect(file.contains("ENTRYPOINT [\"/usr/local/bin/glwatch\"]"))
    }
}

/// The YAML examples of the config reference (docs/configuration.md) load, so the reference cannot drift from the
/// loader.
@Suite struct ConfigReferenceTests {
    static var snippets: [String] {
        guard
            let readme = try? String(
                contentsOfFile: ExampleConfigsTests.repository.appendingPathComponent("docs/configuration.md").path,
                encoding: .utf8
            ),
            let start = readme.range(of: "<!-- section:config-reference (issue 7) -->"),
            let end = readme.range(of: "<!-- /section:config-reference -->")
        else { return [] }
        let section = readme[start.upperBound..<end.lowerBound]
        return section.components(separatedBy: "```yaml\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
    }

    /// The real repository (for `rules/*.yaml`), with stand-ins for secrets and system files.
    struct ReferenceSystem: ConfigSystem {
        let examples = ExampleConfigsTests.ExampleSystem()

        func variable(named name: String) -> String? { examples.variable(named: name) }

        func contentsOfFile(atPath path: String) throws -> String {
            if path.hasPrefix("/etc/ssl/") { return "-----BEGIN CERTIFICATE-----" }
            return try examples.contentsOfFile(atPath: path)
        }

        func fileExists(atPath path: String) -> Bool { examples.fileExists(atPath: path) }
        func files(under directory: String) -> [String] { examples.files(under: directory) }
    }

    @Test func testTheReferenceHasExamples() {
        #expect(Self.snippets.count >= 6)
    }

    @Test(arguments: snippets)
    func testEveryReferenceExample_loads(yaml: String) throws {
        _ = try GLWatchConfig.load(
            yaml: yaml,
            file: "docs/configuration.md",
            baseDirectory: ExampleConfigsTests.repository.path,
            environment: ReferenceSystem()
        )
    }
}
