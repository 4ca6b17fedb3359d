import Crypto
import Foundation
import Hummingbird
import Logging
import Notifier
import Synchronization

/// The status page's one action, retrying a dead delivery, and who may take it. It exists only when the config names
/// an admin token (`metrics: admin_token_env` / `admin_token_file`); without one the page shows no button and the
/// routes that change state are not there at all (404).
///
/// Who is admin:
/// - **People** enter the token once at `/ui/admin`. The answer sets the cookie `glwatch_admin` to
///   `<expiry>.<HMAC-SHA256(process key, expiry and token)>` (HttpOnly, SameSite=Strict, 12 hours): it proves the
///   token was given without containing it. The process key is random and never leaves memory, so a restart, or a
///   new token, signs everyone out.
/// - **Scripts** send `Authorization: Bearer <admin token>` to `POST /api/v1/deliveries/{id}/retry`.
///
/// CSRF (OWASP's HMAC-based token pattern): every form that changes state carries `csrf`, an HMAC of the session
/// cookie under the process key, and a POST is refused (403) unless it matches the cookie it came with. SameSite=Strict
/// keeps the cookie off cross-site requests as a second line. The bearer route needs no token: a browser never adds an
/// `Authorization: Bearer` header by itself.
///
/// The token itself is never written into a page, a log line, an error or a cookie, and it is compared in constant
/// time. Guessing is throttled: after `guessLimit` wrong tokens within `guessWindow`, every token check (sign-in and
/// bearer alike, right or wrong) answers 429 with `Retry-After` until the oldest of them is `guessWindow` old. A
/// signed-in admin keeps working meanwhile, and so does `glwatch deliveries --retry` on the host.
struct StatusPageAdmin: Sendable {
    /// The session cookie's name.
    static let cookieName = "glwatch_admin"
    /// How long a sign-in lasts.
    static let sessionLifetime: TimeInterval = 12 * 3600
    /// How many wrong tokens are taken within `guessWindow` before token checks pause.
    static let guessLimit = 10
    /// The window wrong tokens are counted in.
    static let guessWindow: TimeInterval = 60

    /// The admin token.
    let token: Secret
    /// Where dead letters are re-queued: the running watcher's store, as `glwatch deliveries --retry` re-queues them.
    let deliveries: any DeliveryAdmin
    /// Called after a re-queue, to have the delivery side look at its queue now.
    let requeued: @Sendable () -> Void
    /// The clock.
    let now: @Sendable () -> Date
    /// Where re-queues are logged (their ids; never the token).
    let logger: Logger
    /// The per-process key sessions and CSRF tokens are signed with.
    private let key: SymmetricKey
    /// When the recent wrong tokens were given.
    private let guesses = WrongGuesses()

    /// Creates the admin side; `key` is a fresh random 256-bit key unless a test fixes one.
    init(
        token: Secret,
        deliveries: any DeliveryAdmin,
        requeued: @escaping @Sendable () -> Void = {},
        now: @escaping @Sendable () -> Date,
        logger: Logger,
        key: SymmetricKey = SymmetricKey(size: .bits256)
    ) {
        self.token = token
        self.deliveries = deliveries
        self.requeued = requeued
        self.now = now
        self.logger = logger
        self.key = key
    }

    // MARK: Who is admin

    /// Whether `given` is the admin token (constant time); a wrong one counts towards the guess limit.
    ///
    /// - throws: `StatusAPIError.tooManyRequests` while token checks pause after `guessLimit` wrong tokens.
    func isToken(_ given: String) throws -> Bool {
        let time = now()
        if let wait = guesses.pause(at: time, limit: Self.guessLimit, window: Self.guessWindow) {
            throw StatusAPIError.tooManyRequests(
                "too many wrong admin tokens; try again in \(Int(wait.rounded(.up))) s", retryAfter: wait
            )
        }
        let right = OperationsAuth.constantTimeEquals(Array(given.utf8), Array(token.reveal().utf8))
        if !right {
            guesses.record(at: time, window: Self.guessWindow)
            logger.warning("a wrong admin token was given to the status page")
        }
        return right
    }

    /// Whether an `Authorization` header is `Bearer <admin token>` (a wrong token counts as a guess).
    ///
    /// - throws: `StatusAPIError.tooManyRequests` while token checks pause.
    func allows(authorization: String?) throws -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        return try isToken(String(parts[1]).trimmingCharacters(in: .whitespaces))
    }

    /// A new session cookie's value, valid for `sessionLifetime`.
    func newSession() -> String {
        let expiry = Int(now().addingTimeInterval(Self.sessionLifetime).timeIntervalSince1970)
        return "\(expiry).\(mac("session|\(expiry)|\(token.reveal())"))"
    }

    /// The request's session cookie, when it is one of ours and has not expired.
    func session(of request: Request) -> String? {
        guard let value = request.cookies[Self.cookieName]?.value else { return nil }
        let parts = value.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let expiry = Int(parts[0]) else { return nil }
        let remaining = TimeInterval(expiry) - now().timeIntervalSince1970
        guard remaining > 0, remaining <= Self.sessionLifetime + 60 else { return nil }
        let expected = mac("session|\(expiry)|\(token.reveal())")
        return OperationsAuth.constantTimeEquals(Array(parts[1].utf8), Array(expected.utf8)) ? value : nil
    }

    /// The CSRF token of the forms shown to the holder of `session`.
    func csrfToken(for session: String) -> String {
        mac("csrf|\(session)")
    }

    /// Whether a form's `csrf` field belongs to `session` (constant time).
    func isCSRFToken(_ given: String?, for session: String) -> Bool {
        guard let given else { return false }
        return OperationsAuth.constantTimeEquals(Array(given.utf8), Array(csrfToken(for: session).utf8))
    }

    /// The session cookie set at sign-in (`value`), or cleared at sign-out (`nil`).
    static func cookie(_ value: String?) -> Cookie {
        Cookie(
            name: cookieName,
            value: value ?? "",
            maxAge: value == nil ? 0 : Int(sessionLifetime),
            path: "/",
            httpOnly: true,
            sameSite: .strict
        )
    }

    // MARK: The action

    /// Puts dead letter `id` back in its sink's queue (what `glwatch deliveries --retry` does, through the same store
    /// operation), then wakes the delivery side.
    ///
    /// - throws: `StatusAPIError.notFound` for an unknown delivery, `.conflict` when it is not dead; store failures
    ///   as they come.
    func retry(_ id: Int64) async throws {
        do {
            try await deliveries.requeueDeadLetter(id, now: now())
        } catch let error as StateStoreError {
            switch error {
            case .unknownDelivery: throw StatusAPIError.notFound(error.description)
            case .notADeadLetter: throw StatusAPIError.conflict(error.description)
            default: throw error
            }
        }
        logger.notice("dead letter re-queued from the status page", metadata: ["delivery": "\(id)"])
        requeued()
    }

    private func mac(_ text: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// The times of the recent wrong admin tokens (at most a window's worth).
private final class WrongGuesses: Sendable {
    private let times = Mutex<[Date]>([])

    /// How long token checks still pause at `time`, or `nil` when fewer than `limit` wrong tokens fall within the
    /// `window` before it.
    func pause(at time: Date, limit: Int, window: TimeInterval) -> TimeInterval? {
        times.withLock { times in
            times.removeAll { time.timeIntervalSince($0) >= window }
            guard times.count >= limit, let oldest = times.first else { return nil }
            return max(1, window - time.timeIntervalSince(oldest))
        }
    }

    /// Notes a wrong token given at `time`.
    func record(at time: Date, window: TimeInterval) {
        times.withLock { times in
            times.removeAll { time.timeIntervalSince($0) >= window }
            times.append(time)
        }
    }
}
