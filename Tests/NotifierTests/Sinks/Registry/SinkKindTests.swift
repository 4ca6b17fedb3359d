import Notifier
import Testing

/// The registry of sink kinds: each sink folder declares its kind, keys and pacing; the list is what `type:`
/// accepts, and the kinds that existed before the registry keep their keys and defaults.
@Suite struct SinkKindTests {
    @Test func testTheKinds_areTheRegistrysInOrder_eachOnce() {
        let names = SinkKind.allCases.map(\.rawValue)
        #expect(
            names == [
                "stdout", "webhook", "slack", "mattermost", "discord", "teams", "google_chat", "ntfy", "telegram",
                "matrix", "gotify", "email",
            ]
        )
        #expect(Set(names).count == names.count)
    }

    @Test func testDefaultRateLimits_areEachServicesTolerance() {
        #expect(SinkKind.stdout.defaultRateLimit == nil)
        #expect(SinkKind.webhook.defaultRateLimit == nil)
        #expect(SinkKind.mattermost.defaultRateLimit == nil)
        #expect(SinkKind.slack.defaultRateLimit == RateLimit(messages: 1, per: 1, burst: 3))
        #expect(SinkKind.discord.defaultRateLimit == RateLimit(messages: 5, per: 2, burst: 5))
        #expect(SinkKind.teams.defaultRateLimit == RateLimit(messages: 4, per: 1, burst: 4))
        #expect(SinkKind.googleChat.defaultRateLimit == RateLimit(messages: 1, per: 1, burst: 1))
        #expect(SinkKind.ntfy.defaultRateLimit == RateLimit(messages: 1, per: 5, burst: 20))
        #expect(SinkKind(rawValue: "carrier-pigeon").defaultRateLimit == nil)
    }

    @Test func testKindKeys_areUnchangedForTheKindsBeforeTheRegistry() {
        let keys = SinksLoader.kindKeys
        #expect(keys[.stdout] == ["format"])
        #expect(keys[.webhook] == ["secret", "secret_env", "secret_file", "github_signature", "max_body_bytes"])
        #expect(keys[.slack] == ["username", "icon_emoji", "channel"])  // channel: new, for slack://…/#channel
        #expect(keys[.mattermost] == ["username", "icon_url", "channel"])
        #expect(keys[.discord] == ["username", "avatar_url"])
        #expect(keys[.teams] == [])
        #expect(keys[.googleChat] == [])
        #expect(keys[.ntfy] == ["token", "token_env", "token_file", "priority", "tags", "markdown"])
    }
}
