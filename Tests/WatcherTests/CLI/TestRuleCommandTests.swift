import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("glwatch test-rule")
struct TestRuleCommandTests {
    let cli = CLITestHarness()

    private func rules() throws -> String {
        try cli.write(
            """
            sinks:
              console:
                type: stdout
              hook:
                type: webhook
                url_env: HOOK_URL
                secret_env: HOOK_SECRET
            rules:
              - name: force-pushes
                events: [branch.force_pushed]
                notify: [hook]
              - name: docs
                events: [commits.new]
                paths: ["docs/**"]
                notify: [console]
            """,
            to: "rules.yaml"
        )
    }

    @Test func testTestRule_sample_showsTheMatchAndTheMessageWithoutSecrets() async throws {
        cli.environment = [
            "HOOK_URL": "https://hooks.example.com/T0/very-secret-path", "HOOK_SECRET": "whsec_c2VjcmV0c2VjcmV0",
        ]

        let text = try await cli.run(["test-rule", "--rules", try rules(), "--sample", "branch.force_pushed"])

        #expect(text.hasPrefix("event "))
        #expect(text.contains("branch.force_pushed glwatch/sample@feature/engine"))
        #expect(text.contains("matched rules: force-pushes"))
        #expect(text.contains("-> sink \"hook\" (rule \"force-pushes\")"))
        #expect(text.contains("hooks.example.com"))
        #expect(!text.contains("very-secret-path"))
        #expect(!text.contains("whsec_c2VjcmV0c2VjcmV0"))
    }

    @Test func testTestRule_pathsRule_usesTheGivenChangedPaths() async throws {
        cli.environment = ["HOOK_URL": "https://hooks.example.com/x", "HOOK_SECRET": "whsec_c2VjcmV0c2VjcmV0"]

        let matching = try await cli.run([
            "test-rule", "--rules", try rules(), "--sample", "commits.new", "--changed-path", "docs/index.md",
        ])
        let other = try await cli.run([
            "test-rule", "--rules", try rules(), "--sample", "commits.new", "--changed-path", "Sources/main.swift",
        ])

        #expect(matching.contains("matched rules: docs"))
        #expect(matching.contains("2 new commits on main in glwatch/sample"))  // the stdout message
        #expect(other.contains("matched rules: none"))
    }

    @Test func testTestRule_storedEventAndEventFile_areRouted() async throws {
        cli.environment = ["HOOK_URL": "https://hooks.example.com/x", "HOOK_SECRET": "whsec_c2VjcmV0c2VjcmV0"]
        let store = try cli.openStore()
        try await CLIStateFixture.seed(store)
        try store.close()
        let forcePush = CLIStateFixture.events.first { $0.type == .branchForcePushed }!
        let file = try cli.write(String(decoding: try forcePush.jsonData(), as: UTF8.self), to: "event.json")

        let text = try await cli.run([
            "test-rule", "--rules", try rules(), "--state", cli.statePath,
            "--event", String(forcePush.id.prefix(8)), "--event-file", file,
        ])

        let reports = text.components(separatedBy: "\n\nevent ")
        #expect(reports.count == 2)
        #expect(reports.allSatisfy { $0.contains("matched rules: force-pushes") })
    }

    @Test func testTestRule_rulesWithErrors_reportPositions() async throws {
        let file = try cli.write("rules:\n  - name: x\n    notify: [nowhere]\n", to: "broken.yaml")

        do {
            try await cli.run(["test-rule", "--rules", file])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(error.description.hasPrefix("the rules have errors:\n\(file):3:"))
            #expect(error.description.contains("nowhere"))
        }
    }

    @Test func testTestRule_withoutRulesFile_usesTheConfigsRules() async throws {
        let config = try cli.write(
            """
            sinks:
              console:
                type: stdout
            rules:
              - name: contributors
                events: [contributor.new]
                notify: [console]
            """,
            to: "glwatch.yml"
        )

        let text = try await cli.run(["test-rule", "--config", config, "--sample", "contributor.new"])

        #expect(text.contains("matched rules: contributors"))
        #expect(text.contains("New contributor: Ada Lovelace"))
    }

    @Test func testTestRule_noRulesAnywhere_saysWhereToGiveThem() async throws {
        cli.environment = ["HOME": cli.directory.path]
        do {
            try await cli.run(["test-rule"])
            Issue.record("expected an error")
        } catch let error as CLIError {
            #expect(
                error.description
                    == "no rules to test: give a rules file with --rules FILE, or a config with --config FILE"
            )
        }
    }
}
