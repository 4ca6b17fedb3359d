import Foundation

/// An OAuth access token as `POST /oauth/token` returns it (GitLab's expire after 2 hours).
///
/// Codable so the application can keep a renewed token in its secret store; its description never shows the
/// tokens.
public struct GitLabOAuthToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The access token, sent as `Authorization: Bearer`.
    public var accessToken: GitLabSecret
    /// The refresh token, exchanged for a new access token when this one expires.
    public var refreshToken: GitLabSecret?
    /// `bearer`.
    public var tokenType: String?
    /// Lifetime in seconds from `createdAt`.
    public var expiresIn: Int?
    /// When GitLab issued the token.
    public var createdAt: Date?
    /// Granted scopes, space-separated.
    public var scope: String?

    /// Creates a token.
    public init(
        accessToken: GitLabSecret,
        refreshToken: GitLabSecret? = nil,
        tokenType: String? = "bearer",
        expiresIn: Int? = nil,
        createdAt: Date? = nil,
        scope: String? = nil
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
        self.createdAt = createdAt
        self.scope = scope
    }

    /// When the access token expires, when GitLab said.
    public var expiresAt: Date? {
        guard let createdAt, let expiresIn else { return nil }
        return createdAt.addingTimeInterval(TimeInterval(expiresIn))
    }

    /// `OAuth token (expires …)`, without the tokens.
    public var description: String {
        expiresAt.map { "OAuth token (expires \($0))" } ?? "OAuth token"
    }

    enum CodingKeys: String, CodingKey {
        case scope
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case createdAt = "created_at"
    }

    /// Decodes GitLab's token response (`created_at` in unix seconds).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try container.decode(GitLabSecret.self, forKey: .accessToken)
        refreshToken = try container.decodeIfPresent(GitLabSecret.self, forKey: .refreshToken)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType)
        expiresIn = try container.decodeIfPresent(Int.self, forKey: .expiresIn)
        createdAt = try container.decodeIfPresent(Double.self, forKey: .createdAt).map(
            Date.init(timeIntervalSince1970:)
        )
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
    }

    /// Encodes the token in GitLab's shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accessToken, forKey: .accessToken)
        try container.encodeIfPresent(refreshToken, forKey: .refreshToken)
        try container.encodeIfPresent(tokenType, forKey: .tokenType)
        try container.encodeIfPresent(expiresIn, forKey: .expiresIn)
        try container.encodeIfPresent(createdAt.map { Int64($0.timeIntervalSince1970) }, forKey: .createdAt)
        try container.encodeIfPresent(scope, forKey: .scope)
    }
}
