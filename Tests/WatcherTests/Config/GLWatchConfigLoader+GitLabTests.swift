import Foundation
import Notifier
import Testing

@testable import Watcher

/// `gitlab:` token files at load: trimmed, and every problem a clear error naming the file, never the token.
@Suite struct GLWatchConfigLoaderGitLabTests {
    let system = FakeConfigSystem(
        files: [
            "/run/secrets/spaced": "  glpat-SPACED-0123 \n\n",
            "/run/secrets/empty": " \n",
            "/etc/glwatch/relative": "glpat-RELATIVE-4567\n",
        ]
    )

    @Test func testTokenFile_withWhitespaceAndNewlines_isTrimmed_andRemembersItsFile() throws {
        let config = try system.load(
            """
            gitlab:
              work: {token_file: /run/secrets/spaced}
              other: {token_file: relative, auth: bearer, token_expiry_warning: 3d}
            """
        )
        guard case .privateToken(let token) = config.instances[0].auth else {
            Issue.record("expected a private token")
            return
        }
        #expect(token.exposedValue == "glpat-SPACED-0123")
        #expect(config.instances[0].tokenFile == "/run/secrets/spaced")
        #expect(config.instances[0].tokenExpiryWarning == 14 * 86_400)
        #expect(config.instances[1].tokenFile == "/etc/glwatch/relative")
        #expect(config.instances[1].authKind == .bearer)
        #expect(config.instances[1].tokenExpiryWarning == 3 * 86_400)
    }

    @Test func testTokenFile_unreadableOrEmpty_isAnErrorNamingTheFile() {
        let problems = system.problems(
            """
            gitlab:
              a: {token_file: /run/secrets/missing}
              b: {token_file: /run/secrets/empty}
              c: {auth: {type: oauth, client_id: app, refresh_token_file: /run/secrets/missing}}
            """
        )
        #expect(
            problems == [
                "2:19: cannot read file \"/run/secrets/missing\" named by \"token_file\" in gitlab instance \"a\"",
                "3:19: file \"/run/secrets/empty\" named by \"token_file\" in gitlab instance \"b\" is empty",
                "4:63: cannot read file \"/run/secrets/missing\" named by \"refresh_token_file\" in \"auth\" in "
                    + "gitlab instance \"c\"",
            ]
        )
    }
}
