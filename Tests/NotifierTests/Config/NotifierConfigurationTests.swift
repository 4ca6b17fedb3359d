import Foundation
import Notifier
import Testing

@Suite struct NotifierConfigurationTests {
    /// The repository's `rules/` directory.
    static let rulesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("rules").path

    /// Real files, stand-in secrets: every variable and every `/run/secrets` file gets a plausible value.
    struct ExampleEnvironment: ConfigEnvironment {
        func variable(named name: String) -> String? {
            if name.hasSuffix("SECRET") { return "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }
            if name.hasSuffix("URL") { return "https://hooks.example.com/\(name.lowercased())" }
            return "stand-in-\(name.lowercased())"
        }

        func contentsOfFile(atPath path: String) throws -> String {
            if path.hasPrefix("/run/secrets/") {
                return "https://hooks.example.com/\(path.split(separator: "/").last!)"
            }
            return try String(contentsOfFile: path, encoding: .utf8)
        }
    }

    static var exampleFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: rulesDirectory))?.filter { $0.hasSuffix(".yaml") }
            .sorted()
            ?? []
    }

    @Test func testTheExamplesDirectoryHasFiles() {
        #expect(Self.exampleFiles.count >= 4)
    }

    @Test(arguments: exampleFiles)
    func testEveryExampleRulesFile_loads(file: String) throws {
        let path = "\(Self.rulesDirectory)/\(file)"
        let configuration = try NotifierConfiguration.load(
            yaml: try String(contentsOfFile: path, encoding: .utf8),
            file: path,
            baseDirectory: Self.rulesDirectory,
            environment: ExampleEnvironment()
        )
        #expect(!configuration.sinks.isEmpty)
        #expect(!configuration.rules.rules.isEmpty)
        // Every sink a rule names exists, and every sample event routes without error.
        let names = Set(configuration.sinks.map(\.name))
        for rule in configuration.rules.rules {
            if case .notify(let notify) = rule.action { #expect(Set(notify.sinks).isSubset(of: names)) }
        }
    }

    @Test func testChatopsExample_routesAsItsCommentsSay() async throws {
        let path = "\(Self.rulesDirectory)/chatops.yaml"
        let configuration = try NotifierConfiguration.load(
            yaml: try String(contentsOfFile: path, encoding: .utf8),
            file: path,
            baseDirectory: Self.rulesDirectory,
            environment: ExampleEnvironment()
        )
        let router = configuration.router
        let bot = Fixtures.commit(1, author: "renovate[bot]", email: "bot@example.com")
        let human = Fixtures.commit(2)
        #expect(try await router.route(Fixtures.push([bot]), changedPaths: nil).droppedBy == "quiet-bots")
        #expect(try await router.route(Fixtures.push([bot, human]), changedPaths: nil).matchedRules == ["main-line"])
        let feature = try await router.route(Fixtures.push([human], branch: "feature/x"), changedPaths: nil)
        #expect(feature.deliveries.first?.groupKey != nil)
        let newcomer = WatchEvent.contributorNew(
            project: Fixtures.project,
            branch: "main",
            contributor: human.author,
            commit: human,
            at: Fixtures.date(0)
        )
        let welcome = try await router.route(newcomer, changedPaths: nil)
        #expect(welcome.deliveries.first?.template == "\(Self.rulesDirectory)/templates/welcome.mustache")
        #expect(configuration.templates[welcome.deliveries[0].template!] != nil)
    }

    @Test func testSinksAndRules_areValidatedTogether_inFileOrder() {
        #expect {
            try NotifierConfiguration.load(
                yaml: """
                    rules:
                      - name: r
                        notify: [chat, missing]
                    sinks:
                      chat: { type: slack, url_env: NOT_SET }
                    """,
                file: "notify.yaml",
                environment: FakeEnvironment()
            )
        } throws: { error in
            (error as? ConfigError)?.diagnostics.map(\.description) == [
                // "chat" is defined (with an error of its own), so only "missing" is undefined.
                "notify.yaml:3:20: undefined sink \"missing\" used in rule \"r\"",
                "notify.yaml:5:33: environment variable \"NOT_SET\" named by \"url_env\" in sink \"chat\" is not set",
            ]
        }
    }

    @Test func testMakeSinks_buildsOneSinkPerDefinition() throws {
        let configuration = try NotifierConfiguration.load(
            yaml: """
                sinks:
                  a: { type: stdout }
                  b: { type: teams, url: "https://example.com/workflow" }
                rules: []
                """,
            file: "x.yaml",
            environment: FakeEnvironment()
        )
        let sinks = configuration.makeSinks(transport: FakeTransport(), output: CapturedOutput())
        #expect(sinks.map(\.name) == ["a", "b"])
        #expect(sinks[0] is StdoutSink)
        #expect(sinks[1] is TeamsSink)
        #expect(configuration.policies["b"]?.rateLimit == SinkKind.teams.defaultRateLimit)
        #expect(configuration.makeSink(named: "b", transport: FakeTransport(), output: CapturedOutput()) is TeamsSink)
        #expect(configuration.makeSink(named: "c", transport: FakeTransport(), output: CapturedOutput()) == nil)
    }
}
