import Foundation
import Hummingbird
import NIOCore

/// The routes that exist only with an admin token configured (`StatusPageAdmin` says who is admin and how):
///
/// - `GET /ui/admin` — the sign-in form; `POST /ui/admin` (`token=…`) checks the token and sets the session cookie,
///   then goes back to the deliveries (303); a wrong token gets 403 and the form again, and after
///   `StatusPageAdmin.guessLimit` wrong tokens in a minute every token check answers 429 with `Retry-After`
/// - `POST /ui/admin/sign-out` (`csrf=…`) — clears the cookie
/// - `POST /ui/deliveries/{id}/retry` (`csrf=…`) — the page's Retry button: session and CSRF token checked (403 if
///   either is missing or wrong), then the dead letter is re-queued and the browser sent back (303)
/// - `POST /api/v1/deliveries/{id}/retry` with `Authorization: Bearer <admin token>` — the same for scripts,
///   answering `{"version": 1, "retried": id, "state": "pending"}`
///
/// A delivery that does not exist answers 404, one that is not dead 409.
extension StatusPage {
    /// The largest form body read (a CSRF token or the admin token, and little else).
    static let maximumFormBytes = 4096

    func registerAdmin(_ admin: StatusPageAdmin, on router: Router<BasicRequestContext>) {
        let page = self
        router.get("/ui/admin") { request, _ in
            Self.htmlResponse(.ok, page.renderer(for: request).adminPage())
        }
        router.post("/ui/admin") { request, _ in
            let form = await Self.form(request)
            do {
                guard let token = form.value("token"), try admin.isToken(token) else {
                    return Self.htmlResponse(.forbidden, page.renderer(for: nil).adminPage(refused: true))
                }
            } catch {
                return Self.htmlProblem(error, renderer: page.renderer(for: nil))
            }
            return Self.redirect(to: "/#deliveries", cookie: StatusPageAdmin.cookie(admin.newSession()))
        }
        router.post("/ui/admin/sign-out") { request, _ in
            do {
                _ = try await page.checkForm(request, admin: admin)
                return Self.redirect(to: "/", cookie: StatusPageAdmin.cookie(nil))
            } catch {
                return Self.htmlProblem(error, renderer: page.renderer(for: request))
            }
        }
        router.post("/ui/deliveries/:id/retry") { request, context in
            do {
                _ = try await page.checkForm(request, admin: admin)
                let id = try Self.deliveryID(context.parameters.get("id"))
                try await admin.retry(id)
                return Self.redirect(to: "/?retried=\(id)#deliveries")
            } catch {
                return Self.htmlProblem(error, renderer: page.renderer(for: request))
            }
        }
        router.post("/api/v1/deliveries/:id/retry") { request, context in
            await Self.json { () async throws -> Retried in
                guard try admin.allows(authorization: request.headers[.authorization]) else {
                    throw StatusAPIError.forbidden("send the admin token as Authorization: Bearer …")
                }
                let id = try Self.deliveryID(context.parameters.get("id"))
                try await admin.retry(id)
                return Retried(retried: id)
            }
        }
    }

    /// `POST /api/v1/deliveries/{id}/retry`'s answer.
    struct Retried: Encodable, Sendable {
        /// The shape's version.
        var version = 1
        /// The delivery re-queued.
        var retried: Int64
        /// Its state now.
        var state = DeliveryState.pending.rawValue
    }

    /// The form of a state-changing POST from the page, once its session and CSRF token are checked.
    ///
    /// - throws: `StatusAPIError.forbidden` without a valid session, or with a CSRF token that is missing or not
    ///   the session's.
    private func checkForm(_ request: Request, admin: StatusPageAdmin) async throws -> PageQuery {
        guard let session = admin.session(of: request) else {
            throw StatusAPIError.forbidden(
                "sign in as admin first (/ui/admin); a sign-in lasts 12 hours and ends when glwatch restarts"
            )
        }
        let form = await Self.form(request)
        guard admin.isCSRFToken(form.value("csrf"), for: session) else {
            throw StatusAPIError.forbidden("the form's CSRF token is missing or stale: reload the page and try again")
        }
        return form
    }

    /// The request's `application/x-www-form-urlencoded` body (empty when it is too large or unreadable).
    private static func form(_ request: Request) async -> PageQuery {
        guard let body = try? await request.body.collect(upTo: maximumFormBytes) else { return PageQuery(nil) }
        return PageQuery(String(buffer: body))
    }

    private static func deliveryID(_ text: String?) throws -> Int64 {
        guard let text, let id = Int64(text), id > 0 else {
            throw StatusAPIError.badRequest("a delivery id is a whole number, like 12")
        }
        return id
    }

    /// 303 See Other to `location` (after a POST, so reloading does not post again), setting `cookie` if given.
    private static func redirect(to location: String, cookie: Cookie? = nil) -> Response {
        var response = Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
        if let cookie { response.setCookie(cookie) }
        return response
    }
}
