import Foundation
import Notifier
import Testing

@testable import Watcher

/// Instant mode's `hooks:` section (docs/instant-mode.md).
@Suite struct GLWatchConfigLoaderHooksTests {
    let system = FakeConfigSystem(variables: ["GITLAB_HOOK_TOKEN": "hook-s3cret", "EMPTY": ""])

    @Test func testHooks_offWithoutTheSection() throws {
        #expect(try system.load("watch: [a/b]\n").hooks == nil)
    }

    @Test func testHooks_theSectionWithATokenTurnsThemOnWithDefaults() throws {
        let config = try system.load("watch: [a/b]\nhooks: {token_env: GITLAB_HOOK_TOKEN}\n")

        let hooks = try #require(config.hooks)
        #expect(hooks.listen == "0.0.0.0:9095")
        #expect(hooks.path == "/gitlab")
        #expect(hooks.instance == "gitlab.com")
        #expect(hooks.token == Secret("hook-s3cret"))
        #expect(hooks.tokenSource == "env GITLAB_HOOK_TOKEN")
        #expect(hooks.maxBodyBytes == 4 << 20)
    }

    @Test func testHooks_everyKeyIsRead() throws {
        let config = try system.load(
            """
            gitlab:
              work: {url: https://git.example.com}
              public: {url: https://gitlab.com}
            watch: [{project: a/b, instance: work}]
            hooks:
              listen: 127.0.0.1:9100
              path: /hooks/gitlab
              token_env: GITLAB_HOOK_TOKEN
              instance: work
              max_body_bytes: 65536
            """
        )

        let hooks = try #require(config.hooks)
        #expect(
            hooks.listener
                == HookListener.Configuration(host: "127.0.0.1", port: 9100, path: "/hooks/gitlab", maxBody: 65536)
        )
        #expect(hooks.instance == "work")
    }

    @Test func testHooks_withoutATokenTheListenerIsRefused() {
        #expect(
            system.problems("watch: [a/b]\nhooks: {listen: 0.0.0.0:9095}\n")
                == ["2:8: \"hooks\" needs one of \"token_env\" or \"token_file\""]
        )
    }

    @Test func testHooks_anEmptyTokenIsRefused() {
        #expect(
            system.problems("watch: [a/b]\nhooks: {token_env: EMPTY}\n")
                == ["2:20: environment variable \"EMPTY\" named by \"token_env\" in \"hooks\" is empty"]
        )
    }

    @Test func testHooks_badValuesAreReportedAtTheirPosition() {
        let problems = system.problems(
            """
            watch: [a/b]
            hooks:
              token_env: GITLAB_HOOK_TOKEN
              listen: everywhere
              path: gitlab
              instance: gitlab.co
              max_body_bytes: 10
            """
        )

        #expect(
            problems == [
                "4:11: \"listen\" in \"hooks\" must be host:port, like 0.0.0.0:9095 or [::]:9095",
                "5:9: \"path\" in \"hooks\" must be a URL path starting with \"/\", like /gitlab",
                "6:13: \"instance\" in \"hooks\" names no instance under \"gitlab\": \"gitlab.co\" (did you mean \"gitlab.com\"?)",
                "7:19: \"max_body_bytes\" in \"hooks\" must be a whole number of at least 1024",
            ]
        )
    }

    @Test func testHooks_severalInstancesNeedOneNamed() {
        let problems = system.problems(
            """
            gitlab:
              work: {url: https://git.example.com}
              public: {url: https://gitlab.com}
            watch: [{project: a/b, instance: work}]
            hooks: {token_env: GITLAB_HOOK_TOKEN}
            """
        )

        #expect(
            problems == ["5:8: \"hooks\" needs \"instance\": several gitlab instances are configured (work, public)"]
        )
    }
}
