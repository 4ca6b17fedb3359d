import Foundation
import Notifier
import Testing

@testable import Watcher

/// Every problem the loader reports, asserted verbatim with its position.
@Suite struct GLWatchConfigErrorTests {
    let system = FakeConfigSystem(variables: ["HOME": "/home/ada", "GITLAB_TOKEN": "glpat-SECRETVALUE123"])

    @Test func testUnknownKeys_everywhere_allAtOnce_withSuggestions() {
        let problems = system.problems(
            """
            gitlb: {}
            watch:
              - projct: acme/api
                intervall: 1m
            log: {formt: json}
            engine: {shutdown: 1s}
            """
        )
        #expect(
            problems == [
                "1:1: unknown key \"gitlb\" in the config file (did you mean \"gitlab\"?)",
                "3:5: unknown key \"projct\" in watch target #1 (did you mean \"project\"?)",
                "4:5: unknown key \"intervall\" in watch target #1 (did you mean \"interval\"?)",
                "5:7: unknown key \"formt\" in \"log\" (did you mean \"format\"?)",
                "6:10: unknown key \"shutdown\" in \"engine\"",
            ]
        )
    }

    @Test func testTargetWithoutScope() {
        #expect(
            system.problems("watch:\n  - branches: all\n")
                == ["2:5: watch target #1 needs one of \"project\", \"group\" or \"membership\""]
        )
    }

    @Test func testSyntaxErrorsAndEmptyFiles() {
        #expect(system.problems("watch: [") == ["2:1: invalid YAML: did not find expected node content"])
        #expect(system.problems("") == ["1:1: the config file is empty"])
        #expect(system.problems("- a") == ["1:1: the config file must be a mapping (key: value)"])
        #expect(system.problems("watch: {}") == ["1:8: \"watch\" must be a list of targets (- project: group/app)"])
    }

    @Test func testGitLabInstanceProblems() {
        #expect(
            system.problems(
                """
                gitlab:
                  a:
                    url: ftp://example.com
                    token: glpat-abc
                  b:
                    url: https://gitlab.example.com/api/v4
                    token_env: MISSING
                    auth: privat
                  c:
                    token_env: GITLAB_TOKEN
                    token_file: /nope
                  d:
                    auth: bearer
                  e:
                    auth: none
                    token_env: GITLAB_TOKEN
                  f:
                    ca_file: ca.pem
                    requests_per_minute: 0
                    timeout: soon
                """
            ) == [
                "3:10: \"url\" in gitlab instance \"a\" must be an http(s) URL like https://gitlab.example.com",
                "4:5: \"token\" in gitlab instance \"a\" would keep a secret in the config file; use \"token_env\" or \"token_file\"",
                "6:10: \"url\" in gitlab instance \"b\" is the GitLab base URL: leave out \"/api/v4\"",
                "7:16: environment variable \"MISSING\" named by \"token_env\" in gitlab instance \"b\" is not set",
                "8:11: unknown auth \"privat\" for gitlab instance \"b\" (did you mean \"private\"?) (one of private, bearer, job, none)",
                "11:5: gitlab instance \"c\" has both \"token_env\" and \"token_file\"; use one",
                "13:11: gitlab instance \"d\" with \"auth: bearer\" needs \"token_env\" or \"token_file\"",
                "15:11: gitlab instance \"e\" has \"auth: none\" and a token; remove one",
                "18:14: cannot read file \"/etc/glwatch/ca.pem\" named by \"ca_file\" in gitlab instance \"f\"",
                "19:26: \"requests_per_minute\" in gitlab instance \"f\" must be a whole number of at least 1",
                "20:14: invalid duration \"soon\" for \"timeout\" in gitlab instance \"f\" (write e.g. 30s, 10m or 1h30m)",
            ]
        )
    }

    @Test func testWatchTargetProblems() {
        #expect(
            system.problems(
                """
                gitlab:
                  one: {}
                  two: {}
                watch:
                  - project: acme/api
                  - project: acme//api
                    instance: tow
                  - group: acme
                    project: 1
                    instance: one
                  - membership: false
                    instance: one
                  - project: 7
                    instance: one
                    include_subgroups: true
                    include_archived: true
                    branches: [all, main]
                  - group: acme
                    instance: one
                    branches: ["release/[1-"]
                    interval: 5m
                    max_interval: 1m
                    initial: {notify_last: 500}
                  - membership: true
                    instance: one
                    aliases: {ada: [x@y], ada@example.com: [not-an-email]}
                """
            ) == [
                "5:5: watch target #1 needs \"instance\": the config has several (one, two)",
                "6:14: \"project\" in watch target #2 must be an id or a full path like \"acme/platform/api\"",
                "7:15: undefined gitlab instance \"tow\" used in watch target #2 (did you mean \"two\"?)",
                "9:5: watch target #3 has both \"group\" and \"project\"; write one target for each",
                "11:17: \"membership\" in watch target #4 must be true (or leave the target out)",
                "15:5: \"include_subgroups\" in watch target #5 applies only to a group",
                "16:5: \"include_archived\" in watch target #5 applies only to a group or membership",
                "17:15: \"branches\" in watch target #5 has \"all\" and other branches; use one",
                "20:16: invalid branch pattern \"release/[1-\" in watch target #6: unclosed \"[\"",
                "22:19: \"max_interval\" in watch target #6 (1m) is shorter than \"interval\" (5m)",
                "23:28: \"notify_last\" in \"initial\" in watch target #6 must be at most 100",
                "24:5: \"membership\" in watch target #7 needs a token: gitlab instance \"one\" has none (add "
                    + "\"token_env\" or \"token_file\")",
                "26:15: \"ada\" in \"aliases\" in watch target #7 must be an e-mail address",
                "26:45: \"not-an-email\" in \"aliases\" in watch target #7 must be an e-mail address",
            ]
        )
    }

    @Test func testSettingsProblems() {
        #expect(
            system.problems(
                """
                log: {format: yaml, level: verbose}
                metrics: {listen: "localhost"}
                engine: {max_concurrent_polls_per_host: 0, discovery_interval: 0s}
                timezone: Mars/Olympus
                state: {path: 3}
                """
            ) == [
                "1:15: \"format\" in \"log\" must be one of text, json",
                "1:28: \"level\" in \"log\" must be one of trace, debug, info, notice, warning, error, critical",
                "2:19: \"listen\" in \"metrics\" must be host:port, like 127.0.0.1:9464 or [::1]:9464",
                "3:41: \"max_concurrent_polls_per_host\" in \"engine\" must be a whole number of at least 1",
                "3:64: invalid duration \"0s\" for \"discovery_interval\" in \"engine\" (write e.g. 30s, 10m or 1h30m)",
                "4:11: unknown time zone \"Mars/Olympus\" for \"timezone\" in the config file (use an IANA name such as Europe/Berlin or UTC)",
            ]
        )
    }

    @Test func testAMalformedNotificationURL_isExplainedAtItsPosition_withoutItsSecret() {
        // Given a Telegram URL whose bot token (from the environment) lacks its "<number>:" part
        let system = FakeConfigSystem(variables: ["TG_TOKEN": "NOCOLON-SECRET"])
        // When the config is checked
        let problems = system.problems(
            """
            sinks:
              ops: "tgram://${TG_TOKEN}/42"
            rules:
              - name: all
                notify: [ops]
            """
        )
        // Then the problem names the place, what is wrong and the expected shape, and not the token
        #expect(
            problems == [
                "2:8: invalid tgram:// URL in \"url\" in sink \"ops\": the bot token is not of the form <number>:<key> "
                    + "that @BotFather gives (expected tgram://bot_token/chat_id)"
            ]
        )
        #expect(!problems.joined().contains("SECRET"))
    }

    @Test func testSinkAndRuleProblems_comeFromTheNotifierLoader_withPositionsInThisFile() {
        #expect(
            system.problems(
                """
                sinks:
                  chat: {type: slak, url_env: CHAT}
                rules:
                  - name: all
                    notify: [chatt]
                  - name: other
                    notify: [ops]
                """
            ) == [
                "2:16: unknown sink type \"slak\" in sink \"chat\" (did you mean \"slack\"?) (one of stdout, webhook, slack, mattermost, discord, teams, google_chat, ntfy, telegram, matrix, gotify, email)",
                "5:14: undefined sink \"chatt\" used in rule \"all\" (did you mean \"chat\"?)",
                "7:14: undefined sink \"ops\" used in rule \"other\"",
            ]
        )
    }
}
