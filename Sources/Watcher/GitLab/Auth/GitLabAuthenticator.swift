import Foundation
import RxCore

/// Holds the client's current credentials, turns them into request headers, and renews OAuth tokens.
///
/// Renewal is single-flight: however many requests find the token expiring, one `POST /oauth/token` is made
/// and they all wait for it. The token exchange itself is done by the caller-supplied `GitLabTokenEndpoint`
/// (the request executor), so this type holds no transport.
actor GitLabAuthenticator {
    private var auth: GitLabAuth
    private var exchange: Task<GitLabOAuthToken, any Error>?
    private let clock: SchedulerClock
    private let refreshMargin: Duration
    private let scrubber: GitLabSecretScrubber
    private var credentials: (any GitLabCredentialSource)?
    /// The signed-in user (set by `logIn` and by `GET /user`), `nil` when signed out or unknown.
    nonisolated let currentUser: BehaviorSubject<GitLabUser?>
    /// The current OAuth token, after every sign-in and renewal; `nil` for other kinds of authentication.
    nonisolated let oauthToken: BehaviorSubject<GitLabOAuthToken?>

    init(
        auth: GitLabAuth,
        clock: SchedulerClock,
        refreshMargin: Duration,
        scrubber: GitLabSecretScrubber,
        credentials: (any GitLabCredentialSource)? = nil
    ) {
        self.auth = auth
        self.credentials = credentials
        self.clock = clock
        self.refreshMargin = refreshMargin
        self.scrubber = scrubber
        scrubber.remember(auth)
        self.currentUser = BehaviorSubject(value: nil)
        if case .oauth(let token, _) = auth {
            self.oauthToken = BehaviorSubject(value: token)
        } else {
            self.oauthToken = BehaviorSubject(value: nil)
        }
    }

    /// The current authentication.
    var current: GitLabAuth { auth }

    /// The header fields that authenticate a request now, signing in or renewing the token first when needed.
    func headers(using endpoint: any GitLabTokenEndpoint) async throws(GitLabError) -> [(String, String)] {
        if let changed = credentials?.changedAuth(rejected: false) { replace(changed) }
        switch auth {
        case .none, .privateToken, .bearer, .jobToken:
            return Self.staticHeaders(auth) ?? []
        case .password(let username, let password, let application):
            let token = try await signIn(username: username, password: password, application: application, endpoint)
            return [("Authorization", "Bearer \(token.accessToken.exposedValue)")]
        case .oauth(let token, _):
            if let expiresAt = token.expiresAt, token.refreshToken != nil,
                expiresAt.addingTimeInterval(-Self.seconds(refreshMargin)) <= clock.now
            {
                let renewed = try await renew(rejected: token.accessToken, endpoint)
                return [("Authorization", "Bearer \(renewed.accessToken.exposedValue)")]
            }
            return [("Authorization", "Bearer \(token.accessToken.exposedValue)")]
        }
    }

    /// After a 401: renews the OAuth token if it can (or if another request already did) and says whether the
    /// request is worth sending again.
    func recover(fromRejected headers: [(String, String)], using endpoint: any GitLabTokenEndpoint) async -> Bool {
        if let current = Self.staticHeaders(auth) {
            // A token that does not renew: worth sending again if it changed meanwhile, or changes now (re-read).
            if !Self.same(current, headers) { return true }
            guard let changed = credentials?.changedAuth(rejected: true) else { return false }
            replace(changed)
            return true
        }
        guard case .oauth(let token, _) = auth, token.refreshToken != nil else { return false }
        let sent = headers.first { $0.0 == "Authorization" }?.1
        if sent != "Bearer \(token.accessToken.exposedValue)" { return true }  // already renewed meanwhile
        do {
            _ = try await renew(rejected: token.accessToken, endpoint)
            return true
        } catch {
            return false
        }
    }

    /// Uses `auth` from the next request on, and `credentials` for later changes (a reloaded config).
    func replace(_ auth: GitLabAuth, credentials: (any GitLabCredentialSource)?) {
        self.credentials = credentials
        replace(auth)
    }

    /// Uses `auth` from the next request on (a rotated token file, a reloaded config); a renewal in flight is
    /// forgotten.
    func replace(_ auth: GitLabAuth) {
        scrubber.remember(auth)
        exchange = nil
        self.auth = auth
        if case .oauth(let token, _) = auth { oauthToken.onNext(token) } else { oauthToken.onNext(nil) }
    }

    /// The headers of a token that is sent as it is (`nil` for OAuth and passwords, which renew).
    private static func staticHeaders(_ auth: GitLabAuth) -> [(String, String)]? {
        switch auth {
        case .none: []
        case .privateToken(let token): [("PRIVATE-TOKEN", token.exposedValue)]
        case .bearer(let token): [("Authorization", "Bearer \(token.exposedValue)")]
        case .jobToken(let token): [("JOB-TOKEN", token.exposedValue)]
        case .oauth, .password: nil
        }
    }

    private static func same(_ a: [(String, String)], _ b: [(String, String)]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    /// Signs in with a username and password (the OAuth password grant) and switches to the token.
    func logIn(
        username: String,
        password: GitLabSecret,
        application: GitLabOAuthApplication?,
        using endpoint: any GitLabTokenEndpoint
    ) async throws(GitLabError) -> GitLabOAuthToken {
        scrubber.remember(password)
        scrubber.remember(application?.clientSecret)
        exchange = nil
        auth = .password(username: username, password: password, application: application)
        return try await signIn(username: username, password: password, application: application, endpoint)
    }

    /// Forgets the credentials (after revoking an OAuth token when possible) and the signed-in user.
    func logOut(using endpoint: any GitLabTokenEndpoint) async {
        if case .oauth(let token, let application) = auth {
            await endpoint.revoke(token, application: application)
        }
        exchange?.cancel()
        exchange = nil
        auth = .none
        oauthToken.onNext(nil)
        currentUser.onNext(nil)
    }

    private func signIn(
        username: String,
        password: GitLabSecret,
        application: GitLabOAuthApplication?,
        _ endpoint: any GitLabTokenEndpoint
    ) async throws(GitLabError) -> GitLabOAuthToken {
        var form = [("grant_type", "password"), ("username", username), ("password", password.exposedValue)]
        form += Self.clientFields(application)
        let token = try await runExchange(form: form, purpose: .password(username: username), endpoint)
        auth = .oauth(token, application: application)
        return token
    }

    private func renew(
        rejected: GitLabSecret,
        _ endpoint: any GitLabTokenEndpoint
    ) async throws(GitLabError) -> GitLabOAuthToken {
        guard case .oauth(let token, let application) = auth, let refreshToken = token.refreshToken else {
            throw GitLabError.unauthorized(endpoint.tokenContext(resource: "OAuth token"), message: "no refresh token")
        }
        if token.accessToken != rejected { return token }
        var form = [("grant_type", "refresh_token"), ("refresh_token", refreshToken.exposedValue)]
        form += Self.clientFields(application)
        if let redirectURI = application?.redirectURI { form.append(("redirect_uri", redirectURI)) }
        let renewed = try await runExchange(form: form, purpose: .refresh, endpoint)
        auth = .oauth(renewed, application: application)
        return renewed
    }

    /// Runs one token exchange, or joins the one in flight.
    private func runExchange(
        form: [(String, String)],
        purpose: GitLabTokenPurpose,
        _ endpoint: any GitLabTokenEndpoint
    ) async throws(GitLabError) -> GitLabOAuthToken {
        let task: Task<GitLabOAuthToken, any Error>
        if let exchange {
            task = exchange
        } else {
            let sendableForm = form.map { GitLabFormField(name: $0.0, value: $0.1) }
            task = Task { try await endpoint.requestToken(form: sendableForm, purpose: purpose) }
            exchange = task
        }
        do {
            var token = try await task.value
            if token.createdAt == nil { token.createdAt = clock.now }
            if exchange == task {  // the first waiter to resume publishes the token, once
                exchange = nil
                scrubber.remember(token)
                oauthToken.onNext(token)
            }
            return token
        } catch let error as GitLabError {
            if exchange == task { exchange = nil }
            throw error
        } catch {
            if exchange == task { exchange = nil }
            throw GitLabError.cancelled(endpoint.tokenContext(resource: purpose.resource))
        }
    }

    private static func clientFields(_ application: GitLabOAuthApplication?) -> [(String, String)] {
        guard let application else { return [] }
        var fields = [("client_id", application.clientID)]
        if let secret = application.clientSecret { fields.append(("client_secret", secret.exposedValue)) }
        return fields
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// One `application/x-www-form-urlencoded` field.
struct GitLabFormField: Sendable {
    let name: String
    let value: String
}

/// Why a token is requested, for error messages and classification.
enum GitLabTokenPurpose: Sendable {
    case password(username: String)
    case refresh

    var resource: String {
        switch self {
        case .password(let username): "sign-in of \(username)"
        case .refresh: "OAuth token renewal"
        }
    }
}

/// The OAuth token endpoint, as the authenticator needs it.
protocol GitLabTokenEndpoint: Sendable {
    /// `POST /oauth/token` with `form`, unauthenticated.
    func requestToken(
        form: [GitLabFormField],
        purpose: GitLabTokenPurpose
    ) async throws(GitLabError) -> GitLabOAuthToken
    /// `POST /oauth/revoke`, best effort.
    func revoke(_ token: GitLabOAuthToken, application: GitLabOAuthApplication?) async
    /// The error context of a token request.
    func tokenContext(resource: String) -> GitLabErrorContext
}
