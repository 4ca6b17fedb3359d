import Foundation
import Notifier
import Testing

@testable import Watcher

/// `${VAR}` references, through the whole loader.
@Suite struct EnvironmentExpanderTests {
    let system = FakeConfigSystem(
        variables: [
            "HOME": "/home/ada", "GROUP": "acme", "EVERY": "45s", "RPM": "120", "EMPTY": "",
            "HOOK": "https://hooks.slack.com/services/T000/B000/XXXXSECRET",
        ]
    )

    @Test func testReferences_expandInStringsDurationsAndNumbers() throws {
        let config = try system.load(
            """
            gitlab:
              main:
                url: https://${GROUP}.example.com
                requests_per_minute: ${RPM}
            watch:
              - group: ${GROUP}/platform
                interval: ${EVERY}
                branches: ["${BRANCH:-main}"]
            state: {path: "${STATE_DIR:-/var/lib/glwatch}/state.db"}
            """
        )
        #expect(config.instances[0].url.absoluteString == "https://acme.example.com")
        #expect(config.instances[0].requestsPerMinute == 120)
        #expect(config.watchTargets[0].scope == .group(.path("acme/platform")))
        #expect(config.watchTargets[0].cadence.base == 45)
        #expect(config.watchTargets[0].options.branches == .matching([try Glob("main")]))
        #expect(config.state.path == "/var/lib/glwatch/state.db")
    }

    @Test func testDefault_appliesWhenTheVariableIsEmpty_andDollarDollarIsLiteral() throws {
        let config = try system.load("watch:\n  - project: ${EMPTY:-acme/api}\n    branches: ['$${x}']\n")
        #expect(config.watchTargets[0].scope == .project(.path("acme/api")))
        #expect(config.watchTargets[0].options.branches == .matching([try Glob("${x}")]))
    }

    @Test func testSinkURLs_fromReferences() throws {
        let config = try system.load(
            """
            sinks:
              chat: {type: slack, url: "${HOOK}"}
            rules:
              - {name: all, notify: [chat]}
            """
        )
        #expect(config.notifier.sinks.map(\.name) == ["chat"])
    }

    @Test func testUnsetVariables_areErrorsAtTheirExactColumn_namingTheVariable() {
        #expect(
            system.problems(
                """
                watch:
                  - project: acme/${PROJECT}
                    interval: "x${A}y${B}"
                    branches:
                      - |
                        ${MULTI}
                  - group: ${not-a-name}
                  - group: ${OPEN
                """
            ) == [
                "2:19: environment variable \"PROJECT\" is not set (or give a default: ${PROJECT:-default})",
                "3:17: environment variable \"A\" is not set (or give a default: ${A:-default})",
                "3:22: environment variable \"B\" is not set (or give a default: ${B:-default})",
                "5:9: environment variable \"MULTI\" is not set (or give a default: ${MULTI:-default})",
                "7:12: invalid environment variable name \"not-a-name\" in \"${…}\" (letters, digits and _, not starting with a digit)",
                "8:12: unclosed \"${\" (write ${NAME}, ${NAME:-default}, or $${ for a literal \"${\")",
            ]
        )
    }

    @Test func testKeys_areNotExpanded() {
        #expect(system.problems("${GROUP}: 1") == ["1:1: unknown key \"${GROUP}\" in the config file"])
    }

    @Test func testAnExpandedValueQuotedInAMessage_showsTheReferenceInstead() {
        let problems = system.problems("watch:\n  - project: a/b\n    interval: ${HOOK}\n")
        #expect(
            problems == [
                "3:15: invalid duration \"${HOOK}\" for \"interval\" in watch target #1 (write e.g. 30s, 10m or 1h30m)"
            ]
        )
    }

    @Test func testExpandedValues_neverAppearInErrors() throws {
        // A variable holding a secret, used where it does not fit: the message names the key, not the value.
        let problems = system.problems("gitlab:\n  main: {url: \"${HOOK}/api/v4\"}\n")
        #expect(problems == ["2:15: \"url\" in gitlab instance \"main\" is the GitLab base URL: leave out \"/api/v4\""])
        #expect(!problems.joined().contains("SECRET"))
    }
}
