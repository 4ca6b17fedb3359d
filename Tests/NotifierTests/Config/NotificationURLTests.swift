import Foundation
import Notifier
import Testing
import Yams

/// Sinks written as Apprise-style notification URLs: every scheme, `${ENV}` expansion, and malformed URLs
/// explained at their position with the expected shape and without their secret parts.
@Suite struct NotificationURLTests {
    static let environment = FakeEnvironment(variables: [
        "TG_TOKEN": "123456:ABC-SECRET", "SMTP_PASSWORD": "pa55SECRET",
    ])

    static func load(_ yaml: String) throws(ConfigError) -> [SinkConfiguration] {
        let node = try! Yams.compose(yaml: yaml)!
        return try SinksLoader(environment: environment).load(sinksNode: node, file: "glwatch.yaml")
    }

    static func sink(_ url: String) throws -> SinkConfiguration {
        try #require(try load("s: \"\(url)\"").first)
    }

    static func endpoint(_ url: String) throws -> HTTPEndpoint {
        let settings = try sink(url).settings
        let mirror = Mirror(reflecting: settings)
        return try #require(mirror.children.first { $0.label == "endpoint" }?.value as? HTTPEndpoint)
    }

    @Test(arguments: [
        ("slack://T000/B000/XXXXSECRET", "slack", "https://hooks.slack.com/services/T000/B000/XXXXSECRET"),
        ("discord://1234/TOKENSECRET", "discord", "https://discord.com/api/webhooks/1234/TOKENSECRET"),
        ("mmost://chat.example.com/HOOKSECRET", "mattermost", "http://chat.example.com/hooks/HOOKSECRET"),
        (
            "mmosts://chat.example.com:8443/mm/HOOKSECRET", "mattermost",
            "https://chat.example.com:8443/mm/hooks/HOOKSECRET"
        ),
        ("ntfy://alerts-SECRET", "ntfy", "https://ntfy.sh/alerts-SECRET"),
        ("ntfys://ntfy.example.com/alerts", "ntfy", "https://ntfy.example.com/alerts"),
        ("gotify://push.example.com/APPSECRET", "gotify", "http://push.example.com/message"),
        ("gotifys://push.example.com:8443/g/APPSECRET", "gotify", "https://push.example.com:8443/g/message"),
        (
            "tgram://123456:ABC-SECRET/-1001234567890", "telegram",
            "https://api.telegram.org/bot123456:ABC-SECRET/sendMessage"
        ),
        ("matrixs://syt_SECRET@matrix.example.org/#ops", "matrix", "https://matrix.example.org"),
        ("matrix://syt_SECRET@localhost:8008/!abc:localhost", "matrix", "http://localhost:8008"),
        (
            "gchat://AAAAspace/KEYSECRET/TOKSECRET", "google_chat",
            "https://chat.googleapis.com/v1/spaces/AAAAspace/messages?key=KEYSECRET&token=TOKSECRET"
        ),
        (
            "workflows://prod-00.westus.logic.azure.com:443/abc123/SIGSECRET", "teams",
            "https://prod-00.westus.logic.azure.com:443/workflows/abc123/triggers/manual/paths/invoke"
                + "?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=SIGSECRET"
        ),
        ("json://hooks.example.com/glwatch/in", "webhook", "http://hooks.example.com/glwatch/in"),
        ("jsons://hooks.example.com:8443/in", "webhook", "https://hooks.example.com:8443/in"),
    ])
    func testEveryHTTPScheme_becomesItsServicesURL(url: String, kind: String, expected: String) throws {
        let sink = try Self.sink(url)
        #expect(sink.kind.rawValue == kind)
        #expect(try Self.endpoint(url).url.reveal() == expected)
        #expect(sink.policy.rateLimit == sink.kind.defaultRateLimit)
        #expect(sink.urlSource == "config")
    }

    @Test func testOptionsInTheURL_reachTheSink() throws {
        let slack = try #require(try Self.sink("slack://bot@T000/B000/XXX/#dev").settings as? SlackSettings)
        #expect(slack.options == SlackDialect.Options(username: "bot", channel: "#dev"))
        let mattermost = try #require(
            try Self.sink("mmosts://h.example.com/HOOK?channel=ops").settings as? MattermostSettings
        )
        #expect(mattermost.options.channel == "ops")
        let ntfy = try #require(
            try Self.sink("ntfys://u:pa55SECRET@ntfy.example.com/t?priority=high&tags=git,ci").settings as? NtfySettings
        )
        #expect(ntfy.options == NtfyDialect.Options(priority: 4, tags: ["git", "ci"]))
        #expect(ntfy.endpoint.headers.map(\.displayLine) == ["Authorization: <redacted>"])
        #expect(ntfy.endpoint.headers[0].value == "Basic " + Data("u:pa55SECRET".utf8).base64EncodedString())
        let telegram = try #require(try Self.sink("tgram://1:A/@glwatch_news?silent=yes").settings as? TelegramSettings)
        #expect(telegram.options == TelegramDialect.Options(chatID: "@glwatch_news", silent: true))
        let matrix = try #require(
            try Self.sink("matrixs://syt_SECRET@matrix.example.org/#ops").settings as? MatrixSettings
        )
        #expect(matrix.options.room == "#ops:matrix.example.org")
        #expect(matrix.endpoint.headers.map(\.value) == ["Bearer syt_SECRET"])
        let gotify = try #require(try Self.sink("gotify://h.example.com/APP?priority=8").settings as? GotifySettings)
        #expect(gotify.options.priority == 8)
        #expect(gotify.endpoint.headers.map(\.value) == ["APP"])
    }

    @Test func testMailto_describesTheServerAndTheEnvelope() throws {
        let email = try #require(
            try Self.sink(
                "mailtos://bot:${SMTP_PASSWORD}@smtp.example.com?to=a@example.com,b@example.com&from=glwatch@example.com"
            )
            .settings as? EmailSettings
        )
        #expect(email.server.host == "smtp.example.com")
        #expect(email.server.port == 587)
        #expect(email.server.security == .startTLS)
        #expect(email.server.user == "bot")
        #expect(email.server.password?.reveal() == "pa55SECRET")
        #expect(email.from == "glwatch@example.com")
        #expect(email.recipients == ["a@example.com", "b@example.com"])
        let implicit = try #require(
            try Self.sink("mailtos://smtp.example.com:465?from=g@example.com").settings as? EmailSettings
        )
        #expect(implicit.server.security == .implicitTLS)
        #expect(implicit.recipients == ["g@example.com"])  // to defaults to from
        let relay = try #require(try Self.sink("mailto://ci@localhost").settings as? EmailSettings)
        #expect(relay.server.security == SMTPServer.Security.none)
        #expect(relay.server.port == 25)
        #expect(relay.from == "ci@localhost")
        #expect(relay.server.user == nil)  // no password: no AUTH
    }

    @Test func testEnvironmentVariables_areExpandedInURLs_andBlocksMayOmitType() throws {
        let sinks = try Self.load(
            """
            tg:
              url: tgram://${TG_TOKEN}/42
              rate_limit: 1/s
            hook: jsons://hooks.example.com/$${literal}
            """
        )
        #expect(sinks.map(\.kind) == [.telegram, .webhook])
        #expect(
            (sinks[0].settings as? TelegramSettings)?.endpoint.url.reveal()
                == "https://api.telegram.org/bot123456:ABC-SECRET/sendMessage"
        )
        #expect(sinks[0].policy.rateLimit == RateLimit(messages: 1, per: 1, burst: 1))
        #expect(
            (sinks[1].settings as? WebhookSettings)?.endpoint.url.reveal() == "https://hooks.example.com/$%7Bliteral%7D"
        )
    }

    @Test func testMalformedURLs_areExplainedAtTheirPosition_withTheExpectedShape_andNoSecret() {
        var errors: [String] = []
        do {
            _ = try Self.load(
                """
                a: "slack://T000/B000SECRET"
                b: "tgram://NOCOLONSECRET/1"
                c: "tgram://123:ABCSECRET"
                d: "matrixs://matrix.example.org/#ops"
                e: "mailtos://u:pwSECRET@smtp.example.com:99999?to=x@example.com"
                f: "mailto://smtp.example.com?to=not-an-address&from=g@example.com"
                g: "gotify://push.example.com"
                h: "slak://T/B/CSECRET"
                i: "tgram://${NOPE}/1"
                j: { type: discord, url: "slack://T/B/CSECRET" }
                k: "https://hooks.example.com/SECRET"
                l: { type: email, url: "https://smtp.example.com" }
                """
            )
        } catch {
            errors = error.diagnostics.map(\.description)
        }
        #expect(
            errors == [
                "glwatch.yaml:1:4: invalid slack:// URL in \"url\" in sink \"a\": it needs exactly three tokens, found 2 "
                    + "(expected slack://TokenA/TokenB/TokenC[/#channel])",
                "glwatch.yaml:2:4: invalid tgram:// URL in \"url\" in sink \"b\": the bot token is not of the form "
                    + "<number>:<key> that @BotFather gives (expected tgram://bot_token/chat_id)",
                "glwatch.yaml:3:4: invalid tgram:// URL in \"url\" in sink \"c\": the chat id is missing "
                    + "(expected tgram://bot_token/chat_id)",
                "glwatch.yaml:4:4: invalid matrixs:// URL in \"url\" in sink \"d\": the access token is missing "
                    + "(expected matrix[s]://access_token@host[:port]/#room)",
                "glwatch.yaml:5:4: invalid mailtos:// URL in \"url\" in sink \"e\": the port is not a number from 1 to 65535 "
                    + "(expected mailto[s]://user:pass@host[:port]?to=a,b&from=c)",
                "glwatch.yaml:6:4: invalid mailto:// URL in \"url\" in sink \"f\": a recipient in to= is not an address "
                    + "(expected mailto[s]://user:pass@host[:port]?to=a,b&from=c)",
                "glwatch.yaml:7:4: invalid gotify:// URL in \"url\" in sink \"g\": the app token is missing "
                    + "(expected gotify[s]://host[:port]/app_token)",
                "glwatch.yaml:8:4: unknown URL scheme \"slak\" in \"url\" in sink \"h\" (did you mean \"slack\"?) (one of "
                    + "json, jsons, slack, mmost, mmosts, discord, workflows, gchat, ntfy, ntfys, tgram, matrix, matrixs, "
                    + "gotify, gotifys, mailto, mailtos, http, https)",
                "glwatch.yaml:9:4: environment variable \"NOPE\" is not set in \"url\" in sink \"i\"",
                "glwatch.yaml:10:26: the URL in \"url\" in sink \"j\" is a slack URL, not discord",
                "glwatch.yaml:11:4: sink \"k\" written as a URL needs a notification URL (slack://…, mailtos://…); "
                    + "an http(s) URL needs a block with \"type\"",
                "glwatch.yaml:12:24: email sink \"l\" takes a mailto:// or mailtos:// URL "
                    + "(mailto[s]://user:pass@host[:port]?to=a,b&from=c)",
            ]
        )
        #expect(!errors.joined().contains("SECRET"))
    }

    @Test func testTheSplitter_keepsApprisesNonStandardParts() throws {
        let url = try #require(
            NotificationURL("matrixs://to%40ken@matrix.example.org:8448/path/x%2Fy?Channel=a+b#room")
        )
        #expect(url.scheme == "matrixs")
        #expect(url.user == "to@ken")
        #expect(url.host == "matrix.example.org")
        #expect(try url.port() == 8448)
        #expect(url.path == ["path", "x/y"])
        #expect(url.query == ["channel": "a b"])
        #expect(url.fragment == "room")
        #expect(NotificationURL("no scheme here") == nil)
    }
}
