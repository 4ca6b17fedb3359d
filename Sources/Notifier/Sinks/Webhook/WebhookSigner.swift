import Crypto
import Foundation

/// Signs webhook bodies the Standard Webhooks way, with every configured secret at once (for rotation), and
/// optionally GitHub's way for receivers that expect `X-Hub-Signature-256`.
///
/// Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`, one
/// space-separated signature per secret; a secret is `whsec_` followed by the base64 key (the prefix is
/// optional). GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret text, body)>` with the first secret.
public struct WebhookSigner: Sendable {
    /// A secret that is not base64 (after an optional `whsec_`).
    public struct InvalidSecret: Error, Sendable, CustomStringConvertible {
        /// The position of the secret in the list, from 1.
        public var index: Int
        /// What is wrong (never the secret itself).
        public var description: String {
            "secret #\(index) is not a Standard Webhooks secret (whsec_ followed by base64)"
        }
    }

    private let keys: [SymmetricKey]
    private let githubKey: SymmetricKey?

    /// Creates a signer.
    ///
    /// - parameter secrets: The Standard Webhooks secrets, newest first or in any order (receivers accept
    ///   any one matching signature).
    /// - parameter githubSignature: Also sign GitHub's way, with the first secret's text as the key.
    /// - throws: `InvalidSecret` when a secret is not valid base64.
    public init(secrets: [Secret], githubSignature: Bool = false) throws {
        self.keys = try secrets.enumerated().map { index, secret in
            var text = secret.reveal().trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("whsec_") { text.removeFirst("whsec_".count) }
            guard let data = Data(base64Encoded: text), !data.isEmpty else { throw InvalidSecret(index: index + 1) }
            return SymmetricKey(data: data)
        }
        self.githubKey =
            githubSignature
            ? secrets.first.map {
                SymmetricKey(data: Data($0.reveal().trimmingCharacters(in: .whitespacesAndNewlines).utf8))
            }
            : nil
    }

    /// The `webhook-signature` header value for a message.
    public func signature(id: String, timestamp: Int, body: Data) -> String {
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(body)
        return keys.map { key in
            "v1," + Data(HMAC<SHA256>.authenticationCode(for: signed, using: key)).base64EncodedString()
        }.joined(separator: " ")
    }

    /// The `X-Hub-Signature-256` header value, when GitHub-style signing is on.
    public func githubSignature(body: Data) -> String? {
        githubKey.map { key in
            "sha256="
                + HMAC<SHA256>.authenticationCode(for: body, using: key).map { String(format: "%02x", $0) }.joined()
        }
    }
}
