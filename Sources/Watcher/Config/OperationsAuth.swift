import Foundation
import Notifier

/// `metrics: auth:`: who may read the operations listener (the status page, its API and `/metrics`; the
/// `/healthz` and `/readyz` probes stay open). A list of accepted credentials, each HTTP basic auth (a user and a
/// password) or a bearer token, so a token can be rotated and people and Prometheus can have their own.
///
/// ```yaml
/// metrics:
///   listen: 0.0.0.0:9464
///   auth:
///     - username: ops
///       password_env: GLWATCH_PAGE_PASSWORD
///     - token_file: /run/secrets/glwatch_scrape_token
/// ```
struct OperationsAuth: Sendable, Equatable, CustomStringConvertible {
    /// One accepted credential.
    enum Credential: Sendable, Equatable {
        /// HTTP basic auth (RFC 7617) with this user and password.
        case basic(username: String, password: Secret)
        /// `Authorization: Bearer <token>` (RFC 6750).
        case bearer(token: Secret)
    }

    /// The accepted credentials (at least one).
    var credentials: [Credential]

    /// Creates the policy.
    init(_ credentials: [Credential]) {
        self.credentials = credentials
    }

    /// The `WWW-Authenticate` challenge sent with a 401: basic when a basic credential is configured (so a browser
    /// asks for a password), bearer otherwise.
    var challenge: String {
        let basic = credentials.contains { credential in
            if case .basic = credential { return true }
            return false
        }
        return basic ? "Basic realm=\"glwatch\", charset=\"UTF-8\"" : "Bearer realm=\"glwatch\""
    }

    /// `basic (ops), bearer`: never a secret.
    var description: String {
        credentials.map { credential -> String in
            switch credential {
            case .basic(let username, _): return "basic (\(username))"
            case .bearer: return "bearer"
            }
        }.joined(separator: ", ")
    }

    /// Whether the request's `Authorization` header carries one of the credentials. Every credential is compared,
    /// each in time independent of where the first difference is, so timing reveals neither how much of a guess
    /// was right nor which credential matched.
    func allows(authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return false }
        let scheme = parts[0].lowercased()
        let given = String(parts[1]).trimmingCharacters(in: .whitespaces)
        let basic = scheme == "basic" ? Data(base64Encoded: given).map(Array.init) : nil
        var allowed = false
        for credential in credentials {
            switch credential {
            case .basic(let username, let password):
                if let basic, Self.constantTimeEquals(basic, Array("\(username):\(password.reveal())".utf8)) {
                    allowed = true
                }
            case .bearer(let token):
                if scheme == "bearer", Self.constantTimeEquals(Array(given.utf8), Array(token.reveal().utf8)) {
                    allowed = true
                }
            }
        }
        return allowed
    }

    /// Compares every byte of `expected` whatever `given` holds; lengths differing fail too, after the same work.
    static func constantTimeEquals(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in expected.indices {
            let byte = index < given.count ? given[index] : ~expected[index]
            difference |= byte ^ expected[index]
        }
        return difference == 0
    }
}
