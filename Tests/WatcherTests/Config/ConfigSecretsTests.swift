import Foundation
import Notifier
import Testing

@testable import Watcher

/// Tokens and sink URLs are resolved at load but never shown: not in errors, descriptions or dumps.
@Suite struct ConfigSecretsTests {
    static let token = "glpat-TOPSECRET-0123456789"
    static let hook = "https://hooks.slack.com/services/T0/B0/HOOKSECRET"
    let system = FakeConfigSystem(
        variables: ["HOME": "/home/ada", "GITLAB_TOKEN": token, "SLACK_URL": hook],
        files: ["/run/secrets/token": token]
    )

    @Test func testDescriptionsAndDumps_neverShowTheToken() throws {
        let config = try system.load(
            """
            gitlab:
              env: {token_env: GITLAB_TOKEN}
              file: {token_file: /run/secrets/token, auth: bearer}
            watch:
              - {project: a/b, instance: env}
            sinks:
              chat: {type: slack, url_env: SLACK_URL}
            rules:
              - {name: all, notify: [chat]}
            """
        )
        #expect(config.instances[0].description == "env (https://gitlab.com, private token from env GITLAB_TOKEN)")
        #expect(
            config.instances[1].description == "file (https://gitlab.com, bearer token from file /run/secrets/token)"
        )
        var dumped = ""
        dump(config, to: &dumped)
        for shown in [dumped, String(describing: config), String(reflecting: config), "\(config.instances)"] {
            #expect(!shown.contains("TOPSECRET"))
            #expect(!shown.contains("HOOKSECRET"))
        }
    }

    @Test func testErrors_nameTheVariableNeverItsValue() {
        var system = self.system
        system.variables["BLANK"] = "  \n"
        system.files["/run/secrets/empty"] = "\n"
        let problems = system.problems(
            """
            gitlab:
              a: {token_env: BLANK}
              b: {token_file: /run/secrets/empty}
              c: {token_env: GITLAB_TOKEN, auth: none}
              d: {url: "${GITLAB_TOKEN}"}
            """
        )
        #expect(
            problems == [
                "2:18: environment variable \"BLANK\" named by \"token_env\" in gitlab instance \"a\" is empty",
                "3:19: file \"/run/secrets/empty\" named by \"token_file\" in gitlab instance \"b\" is empty",
                "4:38: gitlab instance \"c\" has \"auth: none\" and a token; remove one",
                "5:12: \"url\" in gitlab instance \"d\" must be an http(s) URL like https://gitlab.example.com",
            ]
        )
        #expect(!problems.joined().contains("TOPSECRET"))
    }
}
