import Foundation

extension FakeAPI {
    /// `GET /user`: the caller; 401 when anonymous.
    func currentUser() -> FakeResponse {
        guard let id = caller.userID, let user = world.users[id] else { return .unauthorized }
        return renderer.user(user, full: true).response
    }

    /// `GET /personal_access_tokens/self`: the personal access token presented (its name, scopes and expiry
    /// day); GitLab's 404 for other credentials.
    func currentToken() -> FakeResponse {
        guard let value = caller.personalToken, let token = world.tokens[value] else { return .routeNotFound }
        var expires: FakeJSON = .null
        if let date = token.expiresAt {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let day = calendar.dateComponents([.year, .month, .day], from: date)
            expires = .string(String(format: "%04d-%02d-%02d", day.year ?? 0, day.month ?? 0, day.day ?? 0))
        }
        return .json(
            .object([
                ("id", .int(token.id)), ("name", .string(token.name)), ("revoked", .bool(token.revoked)),
                ("scopes", .array(token.scopes.sorted().map { .string($0) })), ("user_id", .int(token.userID)),
                ("active", .bool(!token.revoked && (token.expiresAt.map { $0 > now } ?? true))),
                ("expires_at", expires),
            ])
        )
    }
}
