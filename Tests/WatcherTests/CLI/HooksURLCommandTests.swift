import ArgumentParser
import Foundation
import Notifier
import Testing

@testable import Watcher

/// `glwatch hooks url`: what to paste into GitLab, the token only when asked for.
@Suite struct HooksURLCommandTests {
    let system = FakeConfigSystem(variables: ["GITLAB_HOOK_TOKEN": "hook-s3cret-value"])

    private func config(
        _ hooks: String = "hooks: {token_env: GITLAB_HOOK_TOKEN, path: /gitlab}\n"
    ) throws -> GLWatchConfig {
        try system.load("watch: [a/b]\n" + hooks)
    }

    @Test func testReport_givesThePublicURLWithThePathAndTheTriggers_butNotTheToken() throws {
        let text = try HooksURLCommand.report(config(), publicURL: "https://glwatch.example.com/", showToken: false)

        #expect(text.contains("  URL               https://glwatch.example.com/gitlab\n"))
        #expect(text.contains("  Secret token      the value of env GITLAB_HOOK_TOKEN (--show-token prints it)\n"))
        #expect(text.contains("[x] Push events (all branches)   [x] Tag push events"))
        #expect(text.contains("instance gitlab.com (https://gitlab.com)"))
        #expect(!text.contains("hook-s3cret-value"))
        #expect(!text.contains("Note:"))
    }

    @Test func testReport_showTokenPrintsIt() throws {
        let text = try HooksURLCommand.report(config(), publicURL: "https://glwatch.example.com", showToken: true)
        #expect(text.contains("  Secret token      hook-s3cret-value\n"))
    }

    @Test func testReport_withoutAPublicURLShowsTheListenAddressAndSaysSo() throws {
        let text = try HooksURLCommand.report(config(), publicURL: nil, showToken: false)
        #expect(text.contains("  URL               http://0.0.0.0:9095/gitlab\n"))
        #expect(text.contains("Note: http://0.0.0.0:9095 is the listen address; give --public-url"))
    }

    @Test func testReport_withoutAHooksSectionSaysWhatToAdd() throws {
        #expect(
            throws: CLIError(
                "/etc/glwatch/glwatch.yml has no \"hooks:\" section: add one to listen for webhooks (docs/instant-mode.md)"
            )
        ) { try HooksURLCommand.report(config(""), publicURL: nil, showToken: false) }
    }

    @Test func testReport_aPublicURLThatIsNotHTTPIsRefused() throws {
        #expect(
            throws: CLIError(
                "--public-url must be an http or https URL like https://glwatch.example.com, not \"ftp://x\\n\""
            )
        ) { try HooksURLCommand.report(config(), publicURL: "ftp://x\n", showToken: false) }
    }

    @Test func testParse_acceptsTheDocumentedOptions() throws {
        let command = try HooksURLCommand.parse([
            "--config", "/x.yml", "--public-url", "https://a.example", "--show-token",
        ])
        #expect(command.publicURL == "https://a.example")
        #expect(command.showToken)
        #expect(command.options.config == "/x.yml")
    }
}
