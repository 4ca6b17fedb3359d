import Foundation
import Notifier
import Testing

@testable import Watcher

@Suite("OperationsAuth: metrics.auth credentials")
struct OperationsAuthTests {
    private func basic(_ pair: String) -> String { "Basic " + Data(pair.utf8).base64EncodedString() }

    @Test func testLoad_basicAndBearerFromEnvironmentAndFile() throws {
        // Given a password in the environment and a token in a file
        let system = FakeConfigSystem(variables: ["PAGE_PASSWORD": "hunter2"], files: ["/etc/glwatch/token": "tok\n"])

        // When the config is loaded
        let config = try system.load(
            """
            metrics:
              listen: 127.0.0.1:9464
              auth:
                - {username: ops, password_env: PAGE_PASSWORD}
                - {token_file: token}
            """
        )

        // Then both credentials are accepted, secrets trimmed, and the description shows no secret
        let auth = try #require(config.metrics.auth)
        #expect(auth.credentials == [.basic(username: "ops", password: Secret("hunter2")), .bearer(token: Secret("tok"))])
        #expect(auth.allows(authorization: basic("ops:hunter2")))
        #expect(auth.allows(authorization: "Bearer tok"))
        #expect(auth.description == "basic (ops), bearer")
        #expect(auth.challenge == "Basic realm=\"glwatch\", charset=\"UTF-8\"")
    }

    @Test func testLoad_mistakes_namedAtTheirPlace() {
        let system = FakeConfigSystem(variables: ["P": "x"])
        #expect(
            system.problems("metrics:\n  auth:\n    - {username: ops}\n")
                == ["3:7: credential 1 of \"auth\" in \"metrics\" needs one of \"password_env\" or \"password_file\""]
        )
        #expect(
            system.problems("metrics:\n  auth:\n    - {password_env: P, token_env: P}\n")
                == ["3:7: credential 1 of \"auth\" in \"metrics\" mixes a password and a token: give each its own entry"]
        )
        #expect(
            system.problems("metrics:\n  auth:\n    - {username: \"a:b\", password_env: P}\n")
                == ["3:18: \"username\" in credential 1 of \"auth\" in \"metrics\" cannot contain \":\" (RFC 7617)"]
        )
        #expect(system.problems("metrics:\n  auth: []\n") == ["2:9: \"auth\" in \"metrics\" needs at least one credential (or leave it out)"])
        // a secret written in the file itself is refused
        #expect(
            system.problems("metrics:\n  auth:\n    - {token: abc}\n") == [
                "3:7: credential 1 of \"auth\" in \"metrics\" needs \"username\" with \"password_env\" or "
                    + "\"password_file\", or \"token_env\" or \"token_file\"",
                "3:8: unknown key \"token\" in credential 1 of \"auth\" in \"metrics\"",
            ]
        )
    }

    @Test func testLoad_adminToken_fromTheEnvironmentOrAFile() throws {
        // Given an admin token in the environment, and another in a file beside the config
        let system = FakeConfigSystem(
            variables: ["GLWATCH_ADMIN_TOKEN": "0123456789abcdef0123"],
            files: ["/etc/glwatch/admin-token": "fedcba9876543210\n"]
        )

        // When configs naming each, and one naming none, are loaded
        let fromEnvironment = try system.load("metrics:\n  listen: 127.0.0.1:9464\n  admin_token_env: GLWATCH_ADMIN_TOKEN\n")
        let fromFile = try system.load("metrics:\n  admin_token_file: admin-token\n")
        let none = try system.load("metrics:\n  listen: 127.0.0.1:9464\n")

        // Then the token is read (trimmed), and without one the page stays read-only
        #expect(fromEnvironment.metrics.adminToken == Secret("0123456789abcdef0123"))
        #expect(fromFile.metrics.adminToken == Secret("fedcba9876543210"))
        #expect(none.metrics.adminToken == nil)
        #expect("\(fromEnvironment.metrics)".contains("0123456789abcdef0123") == false)
    }

    @Test func testLoad_adminTokenMistakes_namedAtTheirPlace_neverShowingIt() {
        let system = FakeConfigSystem(
            variables: ["SHORT": "hunter2", "LONG": "0123456789abcdef0123", "EMPTY": " "],
            files: ["/etc/glwatch/admin-token": "0123456789abcdef0123"]
        )
        let problems = [
            system.problems("metrics:\n  admin_token_env: SHORT\n"),
            system.problems("metrics:\n  admin_token_env: NOPE\n"),
            system.problems("metrics:\n  admin_token_env: EMPTY\n"),
            system.problems("metrics:\n  admin_token_file: missing-token\n"),
            system.problems("metrics:\n  admin_token_env: LONG\n  admin_token_file: admin-token\n"),
            system.problems("metrics:\n  auth:\n    - {token_env: LONG}\n  admin_token_env: LONG\n"),
            system.problems("metrics:\n  admin_token: 0123456789abcdef0123\n"),
        ]
        #expect(
            problems == [
                [
                    "2:20: the admin token named by \"admin_token_env\" in \"metrics\" is shorter than 16 characters; "
                        + "make a long random one (openssl rand -hex 16)"
                ],
                ["2:20: environment variable \"NOPE\" named by \"admin_token_env\" in \"metrics\" is not set"],
                ["2:20: environment variable \"EMPTY\" named by \"admin_token_env\" in \"metrics\" is empty"],
                [
                    "2:21: cannot read file \"/etc/glwatch/missing-token\" named by \"admin_token_file\" in \"metrics\""
                ],
                ["3:3: \"metrics\" has both \"admin_token_env\" and \"admin_token_file\"; use one"],
                [
                    "4:20: the admin token named by \"admin_token_env\" in \"metrics\" is also a credential in \"auth\" "
                        + "in \"metrics\"; give the admin a token of its own"
                ],
                ["2:3: unknown key \"admin_token\" in \"metrics\""],
            ]
        )
        for message in problems.joined() {
            #expect(!message.contains("hunter2") && !message.contains("0123456789abcdef"), "\(message)")
        }
    }

    @Test func testAllows_onlyTheExactCredential() {
        let auth = OperationsAuth([.basic(username: "ops", password: Secret("pw")), .bearer(token: Secret("t0k"))])

        #expect(auth.allows(authorization: basic("ops:pw")))
        #expect(auth.allows(authorization: "bearer t0k"))
        #expect(!auth.allows(authorization: nil))
        #expect(!auth.allows(authorization: basic("ops:pw2")))
        #expect(!auth.allows(authorization: basic("ops:p")))
        #expect(!auth.allows(authorization: basic("ops:")))
        #expect(!auth.allows(authorization: "Basic not-base64!"))
        #expect(!auth.allows(authorization: "Bearer t0"))
        #expect(!auth.allows(authorization: "Bearer t0kk"))
        #expect(!auth.allows(authorization: "Basic t0k"))
        #expect(!auth.allows(authorization: "t0k"))
    }

    @Test func testConstantTimeEquals_comparesLengthAndEveryByte() {
        #expect(OperationsAuth.constantTimeEquals(Array("abc".utf8), Array("abc".utf8)))
        #expect(!OperationsAuth.constantTimeEquals(Array("abd".utf8), Array("abc".utf8)))
        #expect(!OperationsAuth.constantTimeEquals(Array("ab".utf8), Array("abc".utf8)))
        #expect(!OperationsAuth.constantTimeEquals(Array("abcd".utf8), Array("abc".utf8)))
        #expect(!OperationsAuth.constantTimeEquals([], Array("abc".utf8)))
        #expect(OperationsAuth.constantTimeEquals([], []))
    }
}
