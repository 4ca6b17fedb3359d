import Foundation

/// The access token a request was made with, as `GET /personal_access_tokens/self` describes it (personal,
/// project and group access tokens): its name, scopes and expiry date. Never its value.
public struct GitLabAccessToken: Sendable, Hashable, Decodable {
    /// The token's id.
    public var id: Int64
    /// The name its owner gave it.
    public var name: String
    /// Its scopes (`read_api`, `api`, …).
    public var scopes: [String]
    /// Whether GitLab still accepts it.
    public var active: Bool?
    /// The day it expires (`YYYY-MM-DD`, the end of that day is when it stops working), or `nil` for never.
    public var expiresAt: String?

    enum CodingKeys: String, CodingKey {
        case id, name, scopes, active
        case expiresAt = "expires_at"
    }

    /// Whether the token may read the API (`read_api`, or `api` which includes it).
    public var canReadAPI: Bool { scopes.contains("read_api") || scopes.contains("api") }

    /// The moment the token stops working: the start of its expiry day in UTC (GitLab expires tokens at the
    /// start of that day); `nil` when it never expires or the date is not `YYYY-MM-DD`.
    public var expiryDate: Date? {
        guard let expiresAt else { return nil }
        let parts = expiresAt.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }
}
