import ArgumentParser
import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite struct CheckCommandTests {
    var system = FakeConfigSystem(
        variables: ["HOME": "/home/ada"],
        files: [
            "/srv/rules/a.yaml": "rules:\n  - {name: a, notify: [out], template: t.mustache}\n",
            "/srv/rules/t.mustache": "{{project.path}}",
        ]
    )

    func check(
        _ arguments: [String],
        _ system: FakeConfigSystem
    ) throws -> (status: Int32, output: String, errors: String) {
        let output = CapturedText()
        let errors = CapturedText()
        let command = try CheckCommand.parse(arguments)
        let status = CheckCommand.check(
            options: command.options,
            offline: command.offline,
            system: system,
            output: output,
            errors: errors
        )
        return (status, output.text, errors.text)
    }

    @Test func testValidConfig_printsAOneLineSummary_andExitsZero() throws {
        var system = self.system
        system.files["/srv/glwatch.yml"] = """
            gitlab: {a: {}, b: {url: "https://git.example.com"}}
            watch: [{project: x/y, instance: a}, {group: g, instance: b}]
            sinks: {out: {type: stdout}}
            rules: [{name: main, notify: [out]}, rules/*.yaml]
            """
        let result = try check(["--config", "/srv/glwatch.yml"], system)
        #expect(result.status == 0)
        #expect(
            result.output
                == "/srv/glwatch.yml: OK — 2 GitLab instances, 2 watch targets, 1 sink, 2 rules (1 file included), "
                + "1 template\n"
        )
        #expect(result.errors.isEmpty)
    }

    @Test func testInvalidConfig_printsEveryProblemWithItsPosition_andExitsOne() throws {
        var system = self.system
        system.files["/srv/glwatch.yml"] = "watch:\n  - project: a/b\n    intervl: 1m\nlog: {level: loud}\n"
        let result = try check(["-c", "/srv/glwatch.yml"], system)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(
            result.errors == """
                /srv/glwatch.yml:3:5: unknown key "intervl" in watch target #1 (did you mean "interval"?)
                /srv/glwatch.yml:4:14: "level" in "log" must be one of trace, debug, info, notice, warning, error, critical
                2 problems found

                """
        )
    }

    @Test func testWarnings_arePrintedButDoNotFail() throws {
        var system = self.system
        system.files["/srv/glwatch.yml"] = "sinks: {out: {type: stdout}}\n"
        let result = try check(["-c", "/srv/glwatch.yml"], system)
        #expect(result.status == 0)
        #expect(
            result.errors == """
                /srv/glwatch.yml:1:1: warning: nothing to watch: "watch" has no targets
                /srv/glwatch.yml:1:9: warning: sink "out" is not used by any rule

                """
        )
        #expect(
            result.output == "/srv/glwatch.yml: OK — 1 GitLab instance, 0 watch targets, 1 sink, 0 rules, 2 warnings\n"
        )
    }

    @Test func testMissingConfig_saysWhereItLooked_andExitsOne() throws {
        let result = try check([], system)
        #expect(result.status == 1)
        let looked = ["$GLWATCH_CONFIG (not set)", "./glwatch.yml", "/home/ada/.config/glwatch/config.yml"]
        #expect(result.errors == ConfigFileNotFound.noneFound(looked: looked).description + "\n")
    }

    /// A config whose every secret (and CA file) lives on the production machine only.
    static let productionOnly = """
        gitlab:
          a: {token_env: GITLAB_TOKEN, ca_file: /etc/ssl/internal-ca.pem}
          b: {url: "https://git.example.com", token_file: /run/secrets/b}
        watch: [{project: x/y, instance: a}, {group: g, instance: b}]
        sinks:
          hook:
            type: webhook
            url_env: HOOK_URL
            secret_file: /run/secrets/hook
            headers: {Authorization: {env: API_TOKEN}}
          chat: {type: slack, url_file: /run/secrets/slack}
        rules: [{name: main, notify: [hook, chat]}]
        """

    @Test func testOffline_passesWithoutTheSecrets_whereTheNormalCheckSaysItWould() throws {
        // Given a config whose secrets and CA file exist only in production
        var system = self.system
        system.files["/srv/glwatch.yml"] = Self.productionOnly
        // When it is checked normally on a machine without them
        let normal = try check(["-c", "/srv/glwatch.yml"], system)
        // Then every unreadable secret is a problem, and the errors end by naming the mode that would pass
        #expect(normal.status == 1)
        #expect(
            normal.errors == """
                /srv/glwatch.yml:2:18: environment variable "GITLAB_TOKEN" named by "token_env" in gitlab instance "a" is not set
                /srv/glwatch.yml:2:41: cannot read file "/etc/ssl/internal-ca.pem" named by "ca_file" in gitlab instance "a"
                /srv/glwatch.yml:3:51: cannot read file "/run/secrets/b" named by "token_file" in gitlab instance "b"
                /srv/glwatch.yml:8:14: environment variable "HOOK_URL" named by "url_env" in sink "hook" is not set
                /srv/glwatch.yml:11:33: cannot read file "/run/secrets/slack" named by "url_file" in sink "chat"
                5 problems found
                `glwatch check --offline` would pass: only secrets this machine cannot read are missing

                """
        )
        // When it is checked with --offline
        let offline = try check(["-c", "/srv/glwatch.yml", "--offline"], system)
        // Then it passes, saying the secrets were not read
        #expect(offline.errors.isEmpty)
        #expect(offline.status == 0)
        #expect(
            offline.output == "/srv/glwatch.yml: OK — 2 GitLab instances, 2 watch targets, 2 sinks, 1 rule "
                + "(offline: secrets not read)\n"
        )
    }

    @Test func testOffline_takesEveryUnsetVariableInANotificationURLAsGiven() throws {
        // Given notification URLs whose secret parts are ${VAR}s this machine does not have: a password, a bot
        // token (<number>:<key>), a Matrix access token and a webhook token
        var system = self.system
        system.files["/srv/glwatch.yml"] = """
            gitlab: {a: {token_env: GITLAB_TOKEN}}
            watch: [{project: x/y, instance: a}]
            sinks:
              mail: "mailtos://glwatch:${SMTP_PASSWORD}@smtp.example.com?from=glwatch@example.com&to=dev@example.com"
              chat: "tgram://${TELEGRAM_BOT_TOKEN}/-1001234567890"
              room: {url: "matrixs://${MATRIX_TOKEN}@matrix.example.com/#ops"}
              discord: "discord://1234567890/${DISCORD_WEBHOOK_TOKEN}"
            rules: [{name: main, notify: [mail, chat, room, discord]}]
            """
        // When it is checked normally, then each unset variable is a problem, and offline would pass
        let normal = try check(["-c", "/srv/glwatch.yml"], system)
        #expect(normal.status == 1)
        #expect(normal.errors.contains(#"environment variable "SMTP_PASSWORD" is not set"#))
        #expect(normal.errors.contains(#"environment variable "TELEGRAM_BOT_TOKEN" is not set"#))
        #expect(normal.errors.contains("`glwatch check --offline` would pass"))
        // When it is checked offline, then it passes: the variables are taken as given
        let offline = try check(["-c", "/srv/glwatch.yml", "--offline"], system)
        #expect(offline.errors.isEmpty, "\(offline.errors)")
        #expect(offline.status == 0)
    }

    @Test func testOffline_theShippedNotificationURLExample_passesWithNoVariableSet() throws {
        // Given examples/notification-urls.yml, whose secret parts are all ${VAR}s, on a machine with none of them
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../examples").standardized.path
        var system = FakeConfigSystem(variables: [:])
        system.files["/srv/notification-urls.yml"] = try String(
            contentsOfFile: examples + "/notification-urls.yml", encoding: .utf8
        )
        // When it is checked offline, then it passes
        let offline = try check(["-c", "/srv/notification-urls.yml", "--offline"], system)
        #expect(offline.errors.isEmpty, "\(offline.errors)")
        #expect(offline.status == 0)
    }

    @Test func testOffline_stillReportsEveryOtherProblem() throws {
        // Given the same config with a misspelt key and a sink no rule defines
        var system = self.system
        let misspelt = Self.productionOnly.replacingOccurrences(of: "[hook, chat]", with: "[hook, chta]")
        system.files["/srv/glwatch.yml"] = misspelt + "\nlog: {levl: debug}\n"
        // When it is checked offline
        let result = try check(["-c", "/srv/glwatch.yml", "--offline"], system)
        // Then those problems are reported, and no other mode is suggested
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains(#"unknown key "levl" in "log" (did you mean "level"?)"#))
        #expect(result.errors.contains(#"undefined sink "chta""#))
        #expect(!result.errors.contains("--offline"))
        #expect(!result.errors.contains("not set") && !result.errors.contains("cannot read"))
    }
}
