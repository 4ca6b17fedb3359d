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
