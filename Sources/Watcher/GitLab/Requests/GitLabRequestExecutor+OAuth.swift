/// The OAuth token endpoint (`POST /oauth/token`, `POST /oauth/revoke`), used by the authenticator to sign in
/// with a password and to renew tokens. Its answers use OAuth's error codes, classified here.
extension GitLabRequestExecutor: GitLabTokenEndpoint {
    func requestToken(
        form: [GitLabFormField],
        purpose: GitLabTokenPurpose
    ) async throws(GitLabError) -> GitLabOAuthToken {
        let request = GitLabRequest(
            method: "POST",
            target: .root(path: "/oauth/token"),
            endpoint: "/oauth/token",
            resource: purpose.resource,
            form: form,
            authenticated: false
        )
        let context = context(for: request)
        let (response, url) = try await exchange(request)
        if (200..<300).contains(response.status) {
            let answer = GitLabResponse(
                status: response.status,
                headers: response.headers,
                body: response.body,
                url: url
            )
            var token = try decode(GitLabOAuthToken.self, from: answer, for: request)
            if token.createdAt == nil { token.createdAt = clock.now }
            scrubber.remember(token)
            return token
        }
        let code = GitLabErrorBody.oauthErrorCode(from: response.body)
        let message = scrubber.scrub(GitLabErrorBody.message(from: response.body))
        switch (code, purpose) {
        case ("unsupported_grant_type", .password), ("unauthorized_client", .password):
            throw .passwordGrantRefused(context, message: message)
        case ("invalid_grant", .password):
            throw .unauthorized(context, message: "wrong username or password (\(message ?? "invalid_grant"))")
        case ("invalid_grant", .refresh):
            throw .unauthorized(
                context,
                message: "the refresh token is no longer valid; sign in again (\(message ?? "invalid_grant"))"
            )
        case ("invalid_client", _):
            throw .unauthorized(context, message: message)
        default:
            throw failure(status: response.status, body: response.body, context: context)
        }
    }

    func revoke(_ token: GitLabOAuthToken, application: GitLabOAuthApplication?) async {
        var form = [GitLabFormField(name: "token", value: token.accessToken.exposedValue)]
        if let application {
            form.append(GitLabFormField(name: "client_id", value: application.clientID))
            if let secret = application.clientSecret {
                form.append(GitLabFormField(name: "client_secret", value: secret.exposedValue))
            }
        }
        let request = GitLabRequest(
            method: "POST",
            target: .root(path: "/oauth/revoke"),
            endpoint: "/oauth/revoke",
            resource: "OAuth token revocation",
            form: form,
            authenticated: false
        )
        _ = try? await exchange(request)
    }

    func tokenContext(resource: String) -> GitLabErrorContext {
        GitLabErrorContext(host: hostName, method: "POST", endpoint: "/oauth/token", resource: resource)
    }
}
