import Hummingbird

/// Asks for `OperationsAuth`'s credentials on every path but the health probes (`/healthz`, `/readyz`, which
/// orchestrators call without credentials); a missing or wrong `Authorization` gets 401 with a challenge. The admin
/// token, when one is configured, is accepted as a bearer credential too (an admin may read what they may change);
/// a wrong one counts towards its guess limit (`StatusPageAdmin.guessLimit`).
struct OperationsAuthMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The credentials required.
    let auth: OperationsAuth
    /// The status page's admin, whose token is accepted too.
    var admin: StatusPageAdmin? = nil

    /// Paths served without credentials.
    static let openPaths: Set<String> = ["/healthz", "/readyz"]

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let authorization = request.headers[.authorization]
        if Self.openPaths.contains(request.uri.path) || auth.allows(authorization: authorization) {
            return try await next(request, context)
        }
        do {
            if try admin?.allows(authorization: authorization) == true { return try await next(request, context) }
        } catch let error as StatusAPIError {
            // Too many wrong admin tokens: checks pause (429 with Retry-After), whoever asks.
            var paused = StatusPage.response(
                .tooManyRequests, contentType: "text/plain; charset=utf-8", body: error.message
            )
            if let wait = error.retryAfter { paused.headers[.retryAfter] = wait }
            return paused
        }
        var refusal = StatusPage.response(.unauthorized, contentType: "text/plain; charset=utf-8", body: "unauthorized\n")
        refusal.headers[.init("WWW-Authenticate")!] = auth.challenge
        return refusal
    }
}
