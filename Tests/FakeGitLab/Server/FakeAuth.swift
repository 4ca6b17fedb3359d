import Foundation

/// Who is calling the fake, resolved from `PRIVATE-TOKEN`, `Authorization: Bearer` or `JOB-TOKEN`.
struct FakeCaller: Sendable {
    var userID: Int64?
    var scopes: Set<String> = []
    /// The project a CI job token belongs to.
    var jobProjectID: Int64?
    /// The personal access token presented, for `GET /personal_access_tokens/self`.
    var personalToken: String?

    static let anonymous = FakeCaller()
}

enum FakeAuth {
    /// The caller of `request`, or GitLab's 401 for a missing, unknown, expired or revoked token.
    static func caller(of request: FakeHTTPRequest, in world: FakeWorld, now: Date) -> Result<FakeCaller, FakeResponse>
    {
        let presented: String?
        let viaJobToken: Bool
        if let token = request.header("PRIVATE-TOKEN") {
            presented = token
            viaJobToken = false
        } else if let authorization = request.header("Authorization"), authorization.lowercased().hasPrefix("bearer ") {
            presented = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            viaJobToken = false
        } else if let token = request.header("JOB-TOKEN") {
            presented = token
            viaJobToken = true
        } else {
            return .success(.anonymous)
        }
        guard let value = presented, let token = world.tokens[value] else { return .failure(.unauthorized) }
        if token.revoked {
            return .failure(
                .error(401, "invalid_token", description: "Token was revoked. You have to re-authorize from the user.")
            )
        }
        if let expiresAt = token.expiresAt, expiresAt <= now {
            return .failure(
                .error(
                    401,
                    "invalid_token",
                    description: "Token is expired. You can either do re-authorization or token refresh."
                )
            )
        }
        switch token.kind {
        case .job(let projectID):
            guard viaJobToken else { return .failure(.unauthorized) }
            return .success(FakeCaller(userID: token.userID, scopes: ["read_api"], jobProjectID: projectID))
        case .oauthRefresh:
            return .failure(.unauthorized)
        case .personal:
            guard !viaJobToken else { return .failure(.unauthorized) }
            return .success(FakeCaller(userID: token.userID, scopes: token.scopes, personalToken: value))
        case .oauthAccess:
            guard !viaJobToken else { return .failure(.unauthorized) }
            return .success(FakeCaller(userID: token.userID, scopes: token.scopes))
        }
    }

    /// GitLab's 403 when the token lacks a scope for the route.
    static func insufficientScope(_ caller: FakeCaller, userRoute: Bool) -> FakeResponse? {
        guard caller.userID != nil, caller.jobProjectID == nil else { return nil }
        let allowed: Set<String> = userRoute ? ["api", "read_api", "read_user"] : ["api", "read_api"]
        guard caller.scopes.isDisjoint(with: allowed) else { return nil }
        return .error(
            403,
            "insufficient_scope",
            description: "The request requires higher privileges than provided by the access token.",
            extra: [("scope", .string(userRoute ? "api read_api read_user" : "api read_api"))]
        )
    }
}
