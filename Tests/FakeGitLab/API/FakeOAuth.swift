import Foundation

/// `POST /oauth/token` (password and refresh-token grants) and `POST /oauth/revoke`, with Doorkeeper's errors.
enum FakeOAuth {
    static func token(
        _ request: FakeHTTPRequest,
        world: inout FakeWorld,
        now: Date,
        configuration: FakeGitLabConfiguration
    ) -> FakeResponse {
        let form = request.form
        if let clientID = form["client_id"] {
            guard let secret = world.applications[clientID], secret == nil || secret == form["client_secret"] else {
                return .error(
                    401,
                    "invalid_client",
                    description:
                        "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method."
                )
            }
        }
        switch form["grant_type"] {
        case "password":
            guard configuration.passwordGrantEnabled else {
                return .error(
                    400,
                    "unsupported_grant_type",
                    description: "The authorization grant type is not supported by the authorization server."
                )
            }
            guard let user = world.users.values.first(where: { $0.username == form["username"] }),
                let password = user.password,
                password == form["password"]
            else {
                return invalidGrant
            }
            return issued(
                world.issueOAuthToken(
                    userID: user.id,
                    scopes: ["api"],
                    lifetime: configuration.oauthTokenLifetime,
                    now: now
                ),
                configuration,
                now
            )
        case "refresh_token":
            guard let refresh = form["refresh_token"], let token = world.tokens[refresh],
                case .oauthRefresh = token.kind, !token.revoked
            else {
                return invalidGrant
            }
            world.tokens[refresh]?.revoked = true  // a refresh token is used once
            for (value, candidate) in world.tokens {
                if case .oauthAccess(let owner) = candidate.kind, owner == refresh {
                    world.tokens[value]?.revoked = true
                }
            }
            return issued(
                world.issueOAuthToken(
                    userID: token.userID,
                    scopes: token.scopes,
                    lifetime: configuration.oauthTokenLifetime,
                    now: now
                ),
                configuration,
                now
            )
        default:
            return .error(
                400,
                "unsupported_grant_type",
                description: "The authorization grant type is not supported by the authorization server."
            )
        }
    }

    static func revoke(_ request: FakeHTTPRequest, world: inout FakeWorld) -> FakeResponse {
        if let token = request.form["token"], world.tokens[token] != nil { world.tokens[token]?.revoked = true }
        return .json(.object([]))
    }

    private static let invalidGrant = FakeResponse.error(
        400,
        "invalid_grant",
        description:
            "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client."
    )

    private static func issued(
        _ token: (access: String, refresh: String),
        _ configuration: FakeGitLabConfiguration,
        _ now: Date
    ) -> FakeResponse {
        .json(
            .object([
                ("access_token", .string(token.access)), ("token_type", "Bearer"),
                ("expires_in", .int(Int64(configuration.oauthTokenLifetime))),
                ("refresh_token", .string(token.refresh)),
                ("scope", "api"), ("created_at", .int(Int64(now.timeIntervalSince1970))),
            ])
        )
    }
}
