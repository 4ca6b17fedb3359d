import Foundation
import Notifier
import Testing
import Yams

@Suite struct SinksLoaderTests {
    static let slackURL = "https://hooks.slack.com/services/T000/B000/XXXXSECRETXXXX"
    static let environment = FakeEnvironment(
        variables: [
            "SLACK_URL": slackURL, "HOOK_URL": "https://hooks.example.com/glwatch?token=SECRET-QUERY",
            "HOOK_SECRET": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw whsec_dGVzdC1zZWNyZXQtdHdv",
            "BAD_SECRET": "not base64!",
            "FTP_URL": "ftp://files.example.com/x", "TOKEN": "tk_SECRET_TOKEN", "EMPTY": " ",
            "CRLF_PART": "SECRET-PART\r\nX-Evil: 1",
        ],
        files: ["/run/secrets/discord": "https://discord.com/api/webhooks/1/SECRET-FILE\n"]
    )

    static func load(_ yaml: String) throws(ConfigError) -> [SinkConfiguration] {
        let node = try! Yams.compose(yaml: yaml)!
        return try SinksLoader(environment: environment).load(sinksNode: node, file: "glwatch.yaml")
    }

    static func errors(_ yaml: String) -> [String] {
        do {
            _ = try load(yaml)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// Issue 34: a `${VAR}` that brings a line break into a URL is refused once expanded, by position, never
    /// showing the value (the URL as written is checked like any secret).
    @Test func testURLVariableWithALineBreak_isRefusedOnceExpanded_neverShowingIt() {
        let errors = Self.errors(
            """
            hook: { type: webhook, url: "https://hooks.example.com/${CRLF_PART}" }
            """
        )
        #expect(
            errors == [
                "glwatch.yaml:1:29: \"url\" in sink \"hook\" has a control character (a line break?) at character 38 "
                    + "once its ${…} variables are expanded; a variable used in a URL must be one line of printable "
                    + "characters"
            ]
        )
        #expect(!errors.joined().contains("SECRET"))
    }

    @Test func testValidSinks_resolveURLsAndSecretsFromEnvironmentAndFiles() throws {
        let sinks = try Self.load(
            """
            console: { type: stdout, format: json }
            team: { type: slack, url_env: SLACK_URL, username: glwatch, rate_limit: 30/min }
            hook:
              type: webhook
              url_env: HOOK_URL
              secret_env: HOOK_SECRET
              github_signature: true
              headers: { X-Team: platform, Authorization: { env: TOKEN } }
              retry: { initial_delay: 1s, max_delay: 1m, give_up_after: never }
              circuit_breaker: { failures: 3, open_for: 10s }
              timeout: 2s
            alerts: { type: discord, url_file: /run/secrets/discord }
            push: { type: ntfy, url: "https://ntfy.example.com/glwatch", token_env: TOKEN, priority: 5, tags: [git] }
            """
        )
        #expect(sinks.map(\.name) == ["console", "team", "hook", "alerts", "push"])
        #expect(sinks.map(\.kind) == [.stdout, .slack, .webhook, .discord, .ntfy])
        #expect(
            sinks.map(\.urlSource) == [nil, "env SLACK_URL", "env HOOK_URL", "file /run/secrets/discord", "config"]
        )
        #expect(sinks[1].policy.rateLimit == RateLimit(messages: 30, per: 60, burst: 30))
        #expect(sinks[0].policy.rateLimit == nil)
        #expect(sinks[3].policy.rateLimit == SinkKind.discord.defaultRateLimit)
        let hook = sinks[2]
        #expect(hook.policy.retry.initialDelay == 1)
        #expect(hook.policy.retry.maxDelay == 60)
        #expect(hook.policy.retry.giveUpAfter == nil)
        #expect(hook.policy.breaker.failureThreshold == 3)
        #expect(hook.policy.breaker.openDuration == 10)
        guard let webhook = hook.settings as? WebhookSettings else {
            Issue.record("not a webhook")
            return
        }
        let endpoint = webhook.endpoint
        #expect(webhook.signer != nil)
        #expect(endpoint.timeout == .seconds(2))
        #expect(endpoint.headers.map(\.displayLine) == ["X-Team: platform", "Authorization: <redacted>"])
        #expect(endpoint.headers[1].value == "tk_SECRET_TOKEN")
        guard let discord = sinks[3].settings as? DiscordSettings else {
            Issue.record("not discord")
            return
        }
        #expect(discord.endpoint.url.reveal() == "https://discord.com/api/webhooks/1/SECRET-FILE")  // trailing newline trimmed
    }

    @Test func testEveryProblem_isReportedWithItsPosition_andNoSecretAppears() {
        let errors = Self.errors(
            """
            chat:
              type: slak
            hook:
              type: webhook
              url_env: HOOK_URL
              secret: whsec_abc
              headrs: {}
            ops:
              type: slack
              url_env: MISSING_URL
            tty:
              type: stdout
              format: xml
            signed:
              type: webhook
              url_env: HOOK_URL
              secret_env: BAD_SECRET
            ftp:
              type: mattermost
              url_env: FTP_URL
              url: https://example.com/
            nourl:
              type: teams
            empty:
              type: google_chat
              url_env: EMPTY
            headers:
              type: webhook
              url_env: HOOK_URL
              headers: { Content-Type: text/plain, "Bad Name": x, X-Token: { env: NOPE } }
              rate_limit: fast
            """
        )
        #expect(
            errors == [
                "glwatch.yaml:2:9: unknown sink type \"slak\" in sink \"chat\" (did you mean \"slack\"?) (one of stdout, "
                    + "webhook, slack, mattermost, discord, teams, google_chat, ntfy, telegram, matrix, gotify, email)",
                "glwatch.yaml:6:3: \"secret\" in sink \"hook\" would keep a secret in the config file; use \"secret_env\" or "
                    + "\"secret_file\"",
                "glwatch.yaml:7:3: unknown key \"headrs\" in sink \"hook\" (did you mean \"headers\"?)",
                "glwatch.yaml:10:12: environment variable \"MISSING_URL\" named by \"url_env\" in sink \"ops\" is not set",
                "glwatch.yaml:13:11: \"format\" in sink \"tty\" must be \"text\" or \"json\"",
                "glwatch.yaml:17:15: secret #1 is not a Standard Webhooks secret (whsec_ followed by base64) in "
                    + "\"secret_env\" of sink \"signed\"",
                "glwatch.yaml:21:3: sink \"ftp\" has both \"url_env\" and \"url\"; use one",
                "glwatch.yaml:23:3: sink \"nourl\" needs one of \"url\", \"url_env\" or \"url_file\"",
                "glwatch.yaml:26:12: environment variable \"EMPTY\" named by \"url_env\" in sink \"empty\" is empty",
                "glwatch.yaml:30:14: header \"Content-Type\" in sink \"headers\" is set by glwatch",
                "glwatch.yaml:30:40: invalid header name \"Bad Name\" in sink \"headers\"",
                "glwatch.yaml:30:71: environment variable \"NOPE\" named by \"env\" in header \"X-Token\" in sink \"headers\" "
                    + "is not set",
                "glwatch.yaml:31:15: invalid rate \"fast\" for \"rate_limit\" in sink \"headers\" (write e.g. 1/s, 30/min or none)",
            ]
        )
        for secret in ["whsec_abc", "SECRET", "not base64", "files.example.com"] {
            #expect(!errors.joined().contains(secret), "\(secret) leaked")
        }
    }

    @Test func testANonHTTPURL_isRejectedWithoutShowingIt() {
        #expect(
            Self.errors("ftp: { type: slack, url_env: FTP_URL }") == [
                "glwatch.yaml:1:30: the URL from \"url_env\" in sink \"ftp\" is not an http(s) URL"
            ]
        )
    }

    @Test func testSecrets_neverShowInDescriptionsOrDumps() throws {
        let sinks = try Self.load("team: { type: slack, url_env: SLACK_URL }")
        var dumped = ""
        dump(sinks, to: &dumped)
        #expect(!dumped.contains("XXXXSECRETXXXX"))
        #expect(!"\(sinks)".contains("XXXXSECRETXXXX"))
        #expect("\(Secret("hunter2"))" == "<redacted>")
    }
}
