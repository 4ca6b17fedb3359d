import Foundation
import Notifier
import Testing

@Suite struct WebhookSignerTests {
    static let body = Data(#"{"test": 2432232314}"#.utf8)

    @Test func testStandardWebhooksPublishedTestVector() throws {
        // From the Standard Webhooks specification and its reference libraries.
        let signer = try WebhookSigner(secrets: [Secret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")])
        #expect(
            signer.signature(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Self.body)
                == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        )
    }

    @Test func testThePrefixIsOptional() throws {
        let signer = try WebhookSigner(secrets: [Secret("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")])
        #expect(
            signer.signature(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Self.body)
                == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        )
    }

    @Test func testSeveralSecrets_signWithEachForRotation() throws {
        let signer = try WebhookSigner(secrets: [
            Secret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), Secret("whsec_dGVzdC1zZWNyZXQtdHdv"),
        ])
        #expect(
            signer.signature(id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Self.body)
                == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= v1,EjXI96lLP+nKHS3p+T2kAHzQIQCWz8I32OfNvW/eAkg="
        )
    }

    @Test func testGitHubStyleSignature_usesTheSecretTextAsKey() throws {
        let signer = try WebhookSigner(
            secrets: [Secret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")],
            githubSignature: true
        )
        #expect(
            signer.githubSignature(body: Self.body)
                == "sha256=80ec8a89ce3cd22133a1066caecb4d04fea7467657c8514d717ec42c38a5c94c"
        )
        #expect(
            try WebhookSigner(secrets: [Secret("whsec_dGVzdC1zZWNyZXQtdHdv")]).githubSignature(body: Self.body) == nil
        )
    }

    @Test func testAnInvalidSecret_isRejectedWithoutShowingIt() {
        #expect {
            try WebhookSigner(secrets: [Secret("whsec_dGVzdC1zZWNyZXQtdHdv"), Secret("hunter2!")])
        } throws: { error in
            "\(error)" == "secret #2 is not a Standard Webhooks secret (whsec_ followed by base64)"
        }
    }
}
