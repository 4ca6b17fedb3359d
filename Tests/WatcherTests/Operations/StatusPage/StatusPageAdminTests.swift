import Foundation
import Notifier
import Synchronization
import Testing

@testable import Watcher

/// The status page's one action over HTTP: retrying a dead delivery, only with an admin token configured, only for a
/// signed-in admin whose form carries the session's CSRF token (or a script with the token as a bearer).
@Suite("StatusPage admin: retrying a dead delivery")
struct StatusPageAdminTests {
    static let token = "adm1n-t0ken-0123456789abcdef"

    /// Counts the delivery side's wake-ups.
    private final class Counter: Sendable {
        let value = Mutex(0)
        var count: Int { value.withLock { $0 } }
    }

    /// The fixture's dead letter (the sample push at `ops`).
    private func deadLetter(_ fixture: StatusPageFixture) async throws -> Int64 {
        try #require(try await fixture.store.deliveries(DeliveryFilter(sink: "ops", states: [.dead])).first).id
    }

    private func state(of id: Int64, in fixture: StatusPageFixture) async throws -> DeliveryState? {
        try await fixture.store.deliveries(DeliveryFilter(states: Set(DeliveryState.allCases), limit: 1000))
            .first { $0.id == id }?.state
    }

    /// The page with an admin over the fixture's store; counts wake-ups, captures log lines.
    private func adminPage(
        _ fixture: StatusPageFixture,
        requeued: Counter,
        lines: CapturingLogHandler.Lines,
        now: @escaping @Sendable () -> Date = { StatusPageFixture.now }
    ) -> StatusPage {
        StatusPage(
            api: fixture.api(),
            instanceURLs: [:],
            admin: StatusPageAdmin(
                token: Secret(Self.token),
                deliveries: fixture.store,
                requeued: { requeued.value.withLock { $0 += 1 } },
                now: now,
                logger: CapturingLogHandler.logger(lines)
            )
        )
    }

    /// The session cookie a sign-in answer sets, as a `Cookie` request header.
    private func cookie(of response: GitLabHTTPResponse) throws -> GitLabHTTPHeaders {
        let setCookie = try #require(response.headers["Set-Cookie"])
        let pair = try #require(setCookie.split(separator: ";").first)
        return ["Cookie": String(pair)]
    }

    /// The CSRF token in a page's forms.
    private func csrf(in html: String) throws -> String {
        let start = try #require(html.range(of: "name=\"csrf\" value=\""))
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test func testNoAdminToken_noButtonNoSignIn_andThePostRoutesDoNotExist() async throws {
        // Given the page without an admin token
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let id = try await deadLetter(fixture)

        try await StatusPageClient.with(StatusPage(api: fixture.api(), instanceURLs: [:])) { client in
            // When the page is loaded and the retry routes are posted to, even with a would-be token
            let html = try await client.get("/").text
            let form = try await client.post("/ui/deliveries/\(id)/retry", form: [("csrf", "x")])
            let api = try await client.post("/api/v1/deliveries/\(id)/retry", ["Authorization": "Bearer \(Self.token)"])
            let signIn = try await client.post("/ui/admin", form: [("token", Self.token)])

            // Then there is no button and no sign-in, every such route is missing, and the dead letter stays dead
            #expect(html.contains("dead") && !html.contains("Retry") && !html.contains("/ui/admin"))
            #expect([404, 405].contains(form.status))
            #expect([404, 405].contains(api.status))
            #expect([404, 405].contains(signIn.status))
            #expect(try await state(of: id, in: fixture) == .dead)
        }
    }

    @Test func testSignIn_wrongTokenIsRefused_theRightOneSetsAStrictHttpOnlyCookie_neverTheToken() async throws {
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let requeued = Counter()
        let lines = CapturingLogHandler.Lines()

        try await StatusPageClient.with(adminPage(fixture, requeued: requeued, lines: lines)) { client in
            // When the page is loaded, then the token is entered wrong, then right
            let page = try await client.get("/").text
            let form = try await client.get("/ui/admin").text
            let wrong = try await client.post("/ui/admin", form: [("token", Self.token + "x")])
            let right = try await client.post("/ui/admin", form: [("token", Self.token)])

            // Then a signed-out page offers the sign-in, not the button; a wrong token gets 403 and no cookie;
            // the right one a session cookie that is HttpOnly and SameSite=Strict, and holds no token
            #expect(page.contains("<a href=\"/ui/admin\">Sign in as admin</a>") && !page.contains("Retry"))
            #expect(form.contains("<input type=\"password\" name=\"token\""))
            #expect(wrong.status == 403)
            #expect(wrong.headers["Set-Cookie"] == nil)
            #expect(wrong.text.contains("That is not the admin token."))
            #expect(right.status == 303)
            #expect(right.headers["Location"] == "/#deliveries")
            let setCookie = try #require(right.headers["Set-Cookie"])
            #expect(setCookie.hasPrefix("glwatch_admin="))
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=43200"] {
                #expect(setCookie.contains(attribute), "\(attribute)")
            }
            for response in [wrong, right] {
                #expect(!response.text.contains(Self.token))
                #expect(!response.headers.contains { $0.value.contains(Self.token) })
            }
        }
    }

    @Test func testRetry_needsTheSessionAndItsCSRFToken_thenTheDeadLetterWaitsAgain() async throws {
        // Given a signed-in admin and the fixture's dead letter
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let id = try await deadLetter(fixture)
        let requeued = Counter()
        let lines = CapturingLogHandler.Lines()

        try await StatusPageClient.with(adminPage(fixture, requeued: requeued, lines: lines)) { client in
            let session = try cookie(of: try await client.post("/ui/admin", form: [("token", Self.token)]))
            let page = try await client.get("/", session).text
            let token = try csrf(in: page)
            let path = "/ui/deliveries/\(id)/retry"

            // When the Retry form is posted without the session, without the CSRF token, with a wrong one, then right
            let noSession = try await client.post(path, form: [("csrf", token)])
            let noCSRF = try await client.post(path, session)
            let wrongCSRF = try await client.post(path, form: [("csrf", String(token.dropLast()) + (token.last == "A" ? "B" : "A"))], session)
            let stillDead = try await state(of: id, in: fixture)
            let retried = try await client.post(path, form: [("csrf", token)], session)
            let again = try await client.post(path, form: [("csrf", token)], session)
            let unknown = try await client.post("/ui/deliveries/999999/retry", form: [("csrf", token)], session)
            let after = try await client.get("/?retried=\(id)", session).text

            // Then the page had a Retry button on the dead letter only; each refusal is a 403 that changed nothing
            #expect(page.contains("<form method=\"post\" action=\"/ui/deliveries/\(id)/retry\" class=\"inline\">"))
            #expect(page.components(separatedBy: "<button type=\"submit\">Retry</button>").count == 2)
            #expect(page.contains("Signed in as admin."))
            #expect([noSession.status, noCSRF.status, wrongCSRF.status] == [Int](repeating: 403, count: 3))
            #expect(noSession.text.contains("sign in as admin first"))
            #expect(noCSRF.text.contains("CSRF token is missing or stale"))
            #expect(stillDead == .dead)
            // and the right one re-queued it, as `glwatch deliveries --retry` does, and woke the delivery side
            #expect(retried.status == 303)
            #expect(retried.headers["Location"] == "/?retried=\(id)#deliveries")
            #expect(try await state(of: id, in: fixture) == .pending)
            let record = try #require(try await fixture.store.deliveries(DeliveryFilter(sink: "ops")).first { $0.id == id })
            #expect(record.attempts == 0)
            #expect(requeued.count == 1)
            #expect(again.status == 409)
            #expect(again.text.contains("delivery \(id) is pending, not a dead letter"))
            #expect(unknown.status == 404)
            #expect(after.contains("Delivery \(id) is waiting again"))
            // the token was never shown or logged
            for response in [noSession, noCSRF, wrongCSRF, retried, again, unknown] {
                #expect(!response.text.contains(Self.token))
            }
            #expect(!page.contains(Self.token) && !after.contains(Self.token))
            #expect(lines.all.contains { $0.contains("re-queued") })
            #expect(!lines.all.contains { $0.contains(Self.token) })
        }
    }

    @Test func testSignOut_needsTheCSRFToken_andClearsTheCookie() async throws {
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let lines = CapturingLogHandler.Lines()

        try await StatusPageClient.with(adminPage(fixture, requeued: Counter(), lines: lines)) { client in
            let session = try cookie(of: try await client.post("/ui/admin", form: [("token", Self.token)]))
            let token = try csrf(in: try await client.get("/", session).text)

            let forged = try await client.post("/ui/admin/sign-out", session)
            let signedOut = try await client.post("/ui/admin/sign-out", form: [("csrf", token)], session)

            #expect(forged.status == 403)
            #expect(signedOut.status == 303)
            #expect(signedOut.headers["Set-Cookie"]?.hasPrefix("glwatch_admin=;") == true)
            #expect(signedOut.headers["Set-Cookie"]?.contains("Max-Age=0") == true)
        }
    }

    @Test func testAPIRetry_takesTheAdminTokenAsABearer_evenBehindTheReadersCredentials() async throws {
        // Given the page behind a reader's basic credentials, with an admin token
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let id = try await deadLetter(fixture)
        let auth = OperationsAuth([.basic(username: "ops", password: Secret("reader-password"))])
        let reader: GitLabHTTPHeaders = ["Authorization": "Basic " + Data("ops:reader-password".utf8).base64EncodedString()]
        let admin: GitLabHTTPHeaders = ["Authorization": "Bearer \(Self.token)"]
        let requeued = Counter()
        let page = adminPage(fixture, requeued: requeued, lines: CapturingLogHandler.Lines())

        try await StatusPageClient.with(page, auth: auth) { client in
            // When a script retries as a reader, with a wrong bearer token, then with the admin token (twice)
            let asReader = try await client.post("/api/v1/deliveries/\(id)/retry", reader)
            let wrong = try await client.post("/api/v1/deliveries/\(id)/retry", ["Authorization": "Bearer nope"])
            let right = try await client.post("/api/v1/deliveries/\(id)/retry", admin)
            let again = try await client.post("/api/v1/deliveries/\(id)/retry", admin)
            let overview = try await client.get("/api/v1/overview", admin)

            // Then only the admin token re-queues (it also reads); the answers are JSON
            #expect(asReader.status == 403)
            #expect(asReader.text.contains("send the admin token as Authorization: Bearer"))
            #expect(wrong.status == 401)
            #expect(right.status == 200)
            let body = try #require(try JSONSerialization.jsonObject(with: Data(right.body)) as? [String: Any])
            #expect(body["retried"] as? Int == Int(id))
            #expect(body["state"] as? String == "pending")
            #expect(again.status == 409)
            #expect(overview.status == 200)
            #expect(requeued.count == 1)
            #expect(try await state(of: id, in: fixture) == .pending)
        }
    }

    @Test func testGuessing_tenWrongTokensInAMinute_pauseEveryTokenCheckWith429_aSessionKeepsWorking() async throws {
        // Given the page with an admin token, a clock the test moves, and an admin signed in beforehand
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let id = try await deadLetter(fixture)
        let clock = Mutex(StatusPageFixture.now)
        let lines = CapturingLogHandler.Lines()
        let page = adminPage(fixture, requeued: Counter(), lines: lines, now: { clock.withLock { $0 } })

        try await StatusPageClient.with(page) { client in
            let session = try cookie(of: try await client.post("/ui/admin", form: [("token", Self.token)]))

            // When ten wrong tokens are given within a minute, then the right one, as a form and as a bearer
            var wrong: [Int] = []
            for guess in 0..<StatusPageAdmin.guessLimit {
                clock.withLock { $0 += 5 }
                wrong.append(try await client.post("/ui/admin", form: [("token", "guess-\(guess)")]).status)
            }
            let paused = try await client.post("/ui/admin", form: [("token", Self.token)])
            let bearer: GitLabHTTPHeaders = ["Authorization": "Bearer \(Self.token)"]
            let pausedAPI = try await client.post("/api/v1/deliveries/\(id)/retry", bearer)
            let csrf = try csrf(in: try await client.get("/", session).text)
            let bySession = try await client.post("/ui/deliveries/\(id)/retry", form: [("csrf", csrf)], session)

            // Then each guess was refused, and then every token check pauses — the right token too — with 429
            // and a Retry-After until the first guess is a minute old; the signed-in admin is not locked out
            #expect(wrong == Array(repeating: 403, count: StatusPageAdmin.guessLimit))
            #expect(paused.status == 429)
            #expect(paused.headers["Retry-After"] == "15")  // the first guess came at +5 s, this at +50 s
            #expect(paused.headers["Set-Cookie"] == nil)
            #expect(paused.text.contains("too many wrong admin tokens"))
            #expect(pausedAPI.status == 429)
            #expect(bySession.status == 303)
            #expect(lines.all.filter { $0.contains("a wrong admin token") }.count == StatusPageAdmin.guessLimit)
            #expect(!lines.all.contains { $0.contains(Self.token) || $0.contains("guess-") })

            // When the first guess is a minute old
            clock.withLock { $0 += 15 }
            let later = try await client.post("/ui/admin", form: [("token", Self.token)])

            // Then the right token signs in again
            #expect(later.status == 303)
        }
    }
}
