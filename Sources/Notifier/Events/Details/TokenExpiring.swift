import Foundation

/// What a `token.expiring` event carries: the access token of an instance expires soon.
public struct TokenExpiring: Sendable, Hashable, Codable {
    /// The token's name on GitLab (never its value).
    public var tokenName: String
    /// When it stops working.
    public var expiresAt: Date
    /// Whole days left, when the event was raised.
    public var daysLeft: Int
    /// Where glwatch reads it from (`file /run/secrets/gitlab`, `env GITLAB_TOKEN`), when known.
    public var source: String?

    /// Creates the details of a `token.expiring` event.
    public init(tokenName: String, expiresAt: Date, daysLeft: Int, source: String?) {
        self.tokenName = tokenName
        self.expiresAt = expiresAt.roundedToMilliseconds
        self.daysLeft = daysLeft
        self.source = source
    }

    enum CodingKeys: String, CodingKey {
        case source
        case tokenName = "token_name"
        case expiresAt = "expires_at"
        case daysLeft = "days_left"
    }
}
