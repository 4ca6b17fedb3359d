import Foundation
import Hummingbird
import NIOCore
import Notifier

/// The status page and its JSON API, as routes on the operations listener.
///
/// - `GET /` — the page (overview, chart, projects, events, deliveries; filters in the query string)
/// - `GET /ui/events/{id}` — one event's payload, deliveries and attempts
/// - `GET /ui/style.css` — the page's only other file
/// - `GET /api/v1/overview`, `/api/v1/projects`, `/api/v1/events`, `/api/v1/events/{id}`, `/api/v1/deliveries`
///
/// With an admin token configured (`admin`), and only then, one action: retrying a dead delivery
/// (`StatusPage+Admin`: `/ui/admin` to sign in, `POST /ui/deliveries/{id}/retry` from the page,
/// `POST /api/v1/deliveries/{id}/retry` for scripts). Without it the page is read-only and those routes do not exist.
/// HTML is served with `StatusPageHTML.contentSecurityPolicy`, `X-Content-Type-Options: nosniff`, no referrer and no
/// caching.
struct StatusPage: Sendable {
    /// Where the data comes from.
    let api: StatusAPI
    /// Each instance's web address by instance name, for links to projects.
    let instanceURLs: [String: URL]
    /// Who may retry dead deliveries (`nil`: nobody, the page is read-only).
    var admin: StatusPageAdmin? = nil

    /// Adds the routes to `router`.
    func register(on router: Router<BasicRequestContext>) {
        let page = self
        router.get("/") { request, _ in await page.html(request) }
        router.get("/ui/events/:id") { _, context in
            await page.eventHTML(context.parameters.get("id") ?? "")
        }
        router.get("/ui/style.css") { _, _ in
            Self.response(.ok, contentType: "text/css; charset=utf-8", body: StatusPageStyle.css)
        }
        router.get("/api/v1/overview") { _, _ in await Self.json { try await page.api.overview() } }
        router.get("/api/v1/projects") { request, _ in
            await Self.json { try await page.api.projects(PageQuery(request.uri.query)) }
        }
        router.get("/api/v1/events") { request, _ in
            await Self.json { try await page.api.events(PageQuery(request.uri.query)) }
        }
        router.get("/api/v1/events/:id") { _, context in
            let id = context.parameters.get("id") ?? ""
            return await Self.json { try await page.api.event(id) }
        }
        router.get("/api/v1/deliveries") { request, _ in
            await Self.json { try await page.api.deliveries(PageQuery(request.uri.query)) }
        }
        if let admin { registerAdmin(admin, on: router) }
    }

    /// `/`: the four lists with the query's filters; a bad filter renders as a 400 page saying why.
    func html(_ request: Request) async -> Response {
        let query = PageQuery(request.uri.query)
        let renderer = renderer(for: request)
        do {
            var projectQuery = [("limit", "50")] + query.values("status").map { ("status", $0) }
            projectQuery += [("q", query.value("q")), ("sort", query.value("sort")), ("offset", query.value("poffset"))]
                .compactMap { name, value in value.map { (name, $0) } }
            var eventQuery = [("limit", "25")] + query.values("type").map { ("type", $0) }
            eventQuery += [("project", query.value("project")), ("offset", query.value("eoffset"))]
                .compactMap { name, value in value.map { (name, $0) } }
            let body = renderer.page(
                overview: try await api.overview(),
                projects: try await api.projects(Self.query(projectQuery)),
                events: try await api.events(Self.query(eventQuery)),
                deliveries: try await api.deliveries(Self.query([("limit", "50")])),
                query: query
            )
            return Self.htmlResponse(.ok, body)
        } catch {
            return Self.htmlProblem(error, renderer: renderer)
        }
    }

    /// The page's renderer for `request`: what its sender may do as admin.
    func renderer(for request: Request?) -> StatusPageHTML {
        var renderer = StatusPageHTML(instanceURLs: instanceURLs, now: api.now())
        if let admin {
            renderer.admin = request.flatMap(admin.session(of:)).map { .signedIn(csrf: admin.csrfToken(for: $0)) }
                ?? .signedOut
        }
        return renderer
    }

    /// `/ui/events/{id}`.
    func eventHTML(_ id: String) async -> Response {
        let renderer = StatusPageHTML(instanceURLs: instanceURLs, now: api.now())
        do {
            return Self.htmlResponse(.ok, renderer.eventPage(try await api.event(id)))
        } catch {
            return Self.htmlProblem(error, renderer: renderer)
        }
    }

    // MARK: Responses

    private static func query(_ pairs: [(String, String)]) -> PageQuery {
        PageQuery(String(HTML.query(pairs.map { ($0.0, Optional($0.1)) }).dropFirst()))
    }

    static func htmlProblem(_ error: any Error, renderer: StatusPageHTML) -> Response {
        let problem = error as? StatusAPIError ?? .badRequest("the state could not be read: \(error)")
        let status: HTTPResponse.Status = error is StatusAPIError ? .init(code: problem.status) : .internalServerError
        var response = htmlResponse(status, renderer.problem(problem))
        if let wait = problem.retryAfter { response.headers[.retryAfter] = wait }
        return response
    }

    static func htmlResponse(_ status: HTTPResponse.Status, _ body: String) -> Response {
        var result = Self.response(status, contentType: "text/html; charset=utf-8", body: body)
        result.headers[.init("Content-Security-Policy")!] = StatusPageHTML.contentSecurityPolicy
        result.headers[.init("X-Frame-Options")!] = "DENY"
        result.headers[.init("Referrer-Policy")!] = "no-referrer"
        return result
    }

    /// Encodes what `make` returns (200), or `{"error": …}` with 400, 404 or 500.
    static func json<Value: Encodable>(_ make: () async throws -> Value) async -> Response {
        let encoder = EventJSON.encoder()
        do {
            let body = try encoder.encode(try await make())
            return response(.ok, contentType: "application/json", body: String(decoding: body, as: UTF8.self))
        } catch let error as StatusAPIError {
            let body = (try? encoder.encode(["error": error.message])).map { String(decoding: $0, as: UTF8.self) }
            var answer = response(.init(code: error.status), contentType: "application/json", body: body ?? "{}")
            if let wait = error.retryAfter { answer.headers[.retryAfter] = wait }
            return answer
        } catch {
            let body = (try? encoder.encode(["error": "the state could not be read: \(error)"]))
                .map { String(decoding: $0, as: UTF8.self) }
            return response(.internalServerError, contentType: "application/json", body: body ?? "{}")
        }
    }

    static func response(_ status: HTTPResponse.Status, contentType: String, body: String) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: contentType, .cacheControl: "no-store", .init("X-Content-Type-Options")!: "nosniff",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body + (contentType.hasPrefix("application/json") ? "\n" : "")))
        )
    }
}
