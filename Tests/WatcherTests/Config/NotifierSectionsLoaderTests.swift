import Foundation
import Notifier
import Testing

@testable import Watcher

/// `sinks:` and `rules:` — inline, and from rules files named by paths or globs relative to the config file.
@Suite struct NotifierSectionsLoaderTests {
    static let chatFile = """
        sinks:
          chat: {type: slack, url_env: SLACK_URL}
        rules:
          - {name: chat-main, branch: main, notify: [chat]}
        """

    var system = FakeConfigSystem(
        variables: ["HOME": "/home/ada", "SLACK_URL": "https://hooks.slack.com/services/T/B/C"],
        files: [
            "/etc/glwatch/rules/a-chat.yaml": chatFile,
            "/etc/glwatch/rules/b-log.yaml": "rules:\n  - {name: log-all, notify: [log]}\n",
            "/etc/glwatch/rules/templates/hello.mustache": "Hello {{project.path}}",
            "/etc/glwatch/rules/nested/c.yaml": "rules:\n  - {name: nested, notify: [log], template: t/hi.mustache}\n",
            "/etc/glwatch/rules/nested/t/hi.mustache": "Hi {{project.path}}",
            "/etc/glwatch/sinks.yaml": "sinks:\n  log: {type: stdout, format: json}\n",
        ]
    )

    @Test func testInlineRulesAndIncludedFiles_loadInWrittenOrder_sharingSinks() throws {
        let config = try system.load(
            """
            sinks: sinks.yaml
            rules:
              - {name: first, project: "acme/*", notify: [chat]}
              - rules/*.yaml
              - {name: last, notify: [log]}
              - rules/**/c.yaml
            """
        )
        #expect(config.notifier.sinks.map(\.name) == ["log", "chat"])
        #expect(config.notifier.rules.rules.map(\.name) == ["first", "chat-main", "log-all", "last", "nested"])
        #expect(
            config.includedFiles == [
                "/etc/glwatch/sinks.yaml", "/etc/glwatch/rules/a-chat.yaml", "/etc/glwatch/rules/b-log.yaml",
                "/etc/glwatch/rules/nested/c.yaml",
            ]
        )
        // A template path in an included file starts from that file's directory.
        #expect(config.notifier.templates["/etc/glwatch/rules/nested/t/hi.mustache"] != nil)
        // Each rule remembers where it was written.
        #expect(config.notifier.rules.rules[0].location == "/etc/glwatch/glwatch.yml:3:5")
        #expect(config.notifier.rules.rules[1].location == "/etc/glwatch/rules/a-chat.yaml:4:5")
    }

    @Test func testRulesAsOneGlob() throws {
        let config = try system.load("sinks: {log: {type: stdout}}\nrules: rules/*.yaml\n")
        #expect(config.notifier.rules.rules.map(\.name) == ["chat-main", "log-all"])
    }

    @Test func testAFileNamedTwice_isLoadedOnce() throws {
        let config = try system.load("rules: [rules/a-chat.yaml, rules/a-*.yaml]\n")
        #expect(config.notifier.rules.rules.map(\.name) == ["chat-main"])
        #expect(config.includedFiles == ["/etc/glwatch/rules/a-chat.yaml"])
    }

    @Test func testProblemsInIncludedFiles_carryThatFilesPositions() {
        var system = self.system
        system.files["/etc/glwatch/bad.yaml"] =
            "rules:\n  - name: x\n    notify: [nowhere]\n    brnach: main\nextra: 1\n"
        system.files["/etc/glwatch/broken.yaml"] = "rules: [\n"
        system.files["/etc/glwatch/dup.yaml"] = "sinks:\n  log: {type: stdout}\n"
        #expect(
            system.problems(
                """
                sinks: [sinks.yaml, dup.yaml]
                rules:
                  - bad.yaml
                  - broken.yaml
                  - missing/*.yaml
                  - nope.yaml
                  - "rules/[.yaml"
                  - {name: x, notify: [log]}
                """
            ) == [
                // Sorted by file, then position; rule "x" of bad.yaml has errors, so the inline "x" is no duplicate.
                "/etc/glwatch/bad.yaml:3:14: undefined sink \"nowhere\" used in rule \"x\"",
                "/etc/glwatch/bad.yaml:4:5: unknown key \"brnach\" in rule \"x\" (did you mean \"branch\"?)",
                "/etc/glwatch/bad.yaml:5:1: unknown key \"extra\" in the rules file",
                "/etc/glwatch/broken.yaml:2:1: invalid YAML: did not find expected node content",
                "/etc/glwatch/dup.yaml:2:3: duplicate sink name \"log\" (first defined at /etc/glwatch/sinks.yaml:2:3)",
                "5:5: no file matches \"missing/*.yaml\" (looked in \"/etc/glwatch/missing\")",
                "6:5: no file matches \"nope.yaml\" (looked in \"/etc/glwatch\")",
                "7:5: invalid file pattern \"rules/[.yaml\": unclosed \"[\"",
            ]
        )
    }

    @Test func testRuleNames_mustBeUniqueAcrossFiles() {
        #expect(
            system.problems("sinks: sinks.yaml\nrules:\n  - {name: log-all, notify: [log]}\n  - rules/b-log.yaml\n")
                == [
                    "/etc/glwatch/rules/b-log.yaml:2:5: duplicate rule name \"log-all\" (first defined at "
                        + "/etc/glwatch/glwatch.yml:3:5)"
                ]
        )
    }

    @Test func testReferencesAndMergeKeys_workInRulesFilesToo() throws {
        var system = self.system
        system.files["/etc/glwatch/env.yaml"] = """
            x-chat: &chat {notify: [chat]}
            y: 1
            sinks:
              chat: {type: slack, url: "${SLACK_URL}"}
            rules:
              - {<<: *chat, name: "${RULE:-from-env}"}
              - {name: "${MISSING}", notify: [chat]}
            """
        #expect(
            system.problems("rules: [env.yaml]")
                == [
                    "/etc/glwatch/env.yaml:2:1: unknown key \"y\" in the rules file",
                    "/etc/glwatch/env.yaml:7:13: environment variable \"MISSING\" is not set (or give a default: "
                        + "${MISSING:-default})",
                ]
        )
        system.files["/etc/glwatch/env.yaml"] = """
            sinks:
              chat: {type: slack, url: "${SLACK_URL}"}
            rules:
              - {name: "${RULE:-from-env}", notify: [chat]}
            """
        #expect(try system.load("rules: [env.yaml]").notifier.rules.rules.map(\.name) == ["from-env"])
    }

    @Test func testSinksWithoutRules_loadWithNoRules() throws {
        let config = try system.load("sinks: {log: {type: stdout}}\n")
        #expect(config.notifier.sinks.map(\.name) == ["log"])
        #expect(config.notifier.rules.rules.isEmpty)
    }

    @Test func testIncludePattern_rootOfAGlob() {
        #expect(IncludePattern.root(of: "/etc/glwatch/rules/*.yaml") == "/etc/glwatch/rules")
        #expect(IncludePattern.root(of: "/etc/glwatch/rules/**/x.yaml") == "/etc/glwatch/rules")
        #expect(IncludePattern.root(of: "*.yaml") == ".")
        #expect(IncludePattern.root(of: "/etc/x.yaml") == "/etc")
    }
}
