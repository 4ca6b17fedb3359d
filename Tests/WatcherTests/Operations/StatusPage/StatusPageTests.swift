import Foundation
import Logging
import Notifier
import Testing

@testable import Watcher

@Suite("StatusPage: the page and /api/v1 over HTTP")
struct StatusPageTests {
    /// Serves `fixture` on 127.0.0.1 (port 0) with `auth`, runs `body` with a GET function, always stops.
    private func withPage(
        _ fixture: StatusPageFixture,
        auth: OperationsAuth? = nil,
        _ body: (_ get: (String, GitLabHTTPHeaders) async throws -> GitLabHTTPResponse) async throws -> Void
    ) async throws {
        let server = OperationsServer(
            configuration: .init(host: "127.0.0.1", port: 0),
            metrics: PrometheusMetrics().registry,
            health: HealthMonitor(unhealthyAfter: 300, now: { StatusPageFixture.now }),
            page: StatusPage(
                api: fixture.api(),
                instanceURLs: ["gitlab.example.com": URL(string: "https://gitlab.example.com")!]
            ),
            auth: auth,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let port = try await server.start()
        let transport = try AsyncHTTPClientGitLabTransport()
        do {
            try await body { path, headers in
                try await transport.execute(
                    GitLabHTTPRequest(
                        method: "GET",
                        url: URL(string: "http://127.0.0.1:\(port)\(path)")!,
                        headers: headers,
                        timeout: .seconds(10)
                    )
                )
            }
        } catch {
            try? await transport.shutdown()
            await server.stop()
            throw error
        }
        try await transport.shutdown()
        await server.stop()
    }

    @Test func testPage_hostileStrings_renderAsText() async throws {
        // Given a project path, a commit title and an author name that are markup
        let fixture = try await StatusPageFixture(extraProjects: 3)

        try await withPage(fixture) { get in
            // When the page is loaded
            let response = try await get("/", [:])
            let html = String(decoding: response.body, as: UTF8.self)

            // Then they appear escaped, as text, and the page forbids scripts outright
            #expect(response.status == 200)
            #expect(response.headers["Content-Security-Policy"] == StatusPageHTML.contentSecurityPolicy)
            #expect(response.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
            #expect(html.contains("<li>&lt;img src=x onerror=alert(1)&gt; <span class=\"muted\">&quot;&gt;&lt;svg onload=alert(2)&gt;</span></li>"))
            #expect(html.contains("evil/&lt;script&gt;alert(&#39;path&#39;)&lt;/script&gt;"))
            #expect(!html.contains("<img"))
            #expect(!html.contains("<script"))
            #expect(!html.contains("<svg onload"))
            // and the lists are there
            #expect(html.contains("glwatch/sample"))
            #expect(html.contains("team/service-003"))
            #expect(html.contains("<svg class=\"chart\""))
            #expect(html.contains("href=\"https://gitlab.example.com/glwatch/sample\""))
            #expect(html.contains("Sort by: <a href=\"/?sort=path#projects\">path</a> <a href=\"/?sort=lastChange#projects\">"))
        }
    }

    @Test func testEventPage_showsPayloadDeliveriesAndAttempts_escaped() async throws {
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let hostileID = StatusPageFixture.hostileEvent.id
        let sampleID = CLIStateFixture.id(of: .commitsNew)

        try await withPage(fixture) { get in
            // When the hostile event's and the sample push's detail pages are loaded
            let hostile = String(decoding: try await get("/ui/events/\(hostileID)", [:]).body, as: UTF8.self)
            let sample = String(decoding: try await get("/ui/events/\(sampleID)", [:]).body, as: UTF8.self)
            let missing = try await get("/ui/events/0123456789abcdef", [:])

            // Then the payload (with the commit body closing the <pre>) stays text; attempts are listed
            #expect(hostile.contains("&lt;/pre&gt;&lt;script&gt;alert(3)&lt;/script&gt;"))
            #expect(!hostile.contains("<script"))
            #expect(sample.contains("the webhook is gone"))
            #expect(sample.contains("<td>404</td>"))
            #expect(missing.status == 404)
        }
    }

    @Test func testAPI_servesJSONThatDecodesToTheHostileStrings() async throws {
        let fixture = try await StatusPageFixture(extraProjects: 1)

        try await withPage(fixture) { get in
            // When the events are fetched as JSON
            let response = try await get("/api/v1/events?type=commits.new&limit=1", [:])
            let bad = try await get("/api/v1/projects?sort=size", [:])

            // Then the JSON carries the exact strings (JSON-escaped, not HTML-escaped) for scripts
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "application/json")
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            let events = object?["events"] as? [[String: Any]]
            #expect(events?.count == 1)
            #expect(events?.first?["path"] as? String == StatusPageFixture.hostilePath)
            let payload = events?.first?["event"] as? [String: Any]
            let commits = ((payload?["data"] as? [String: Any])?["commits"] as? [[String: Any]]) ?? []
            #expect(commits.first?["title"] as? String == StatusPageFixture.hostileTitle)
            #expect(bad.status == 400)
            #expect(String(decoding: bad.body, as: UTF8.self).contains("unknown sort"))
        }
    }

    @Test func testAuth_bearer_guardsPageAPIAndMetrics_notProbes() async throws {
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let auth = OperationsAuth([.bearer(token: Secret("s3cret-token"))])

        try await withPage(fixture, auth: auth) { get in
            // When asked without, with a wrong and with the right token
            let anonymous = try await get("/", [:])
            let wrong = try await get("/api/v1/overview", ["Authorization": "Bearer s3cret-tokem"])
            let right = try await get("/api/v1/overview", ["Authorization": "Bearer s3cret-token"])
            let metrics = try await get("/metrics", [:])
            let health = try await get("/healthz", [:])

            // Then only the right token gets through; the probes stay open
            #expect(anonymous.status == 401)
            #expect(anonymous.headers["WWW-Authenticate"] == "Bearer realm=\"glwatch\"")
            #expect(wrong.status == 401)
            #expect(right.status == 200)
            #expect(metrics.status == 401)
            #expect(health.status != 401)
        }
    }

    @Test func testAuth_basic_acceptsOnlyTheConfiguredPair() async throws {
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let auth = OperationsAuth([.basic(username: "ops", password: Secret("pa:ss"))])
        func basic(_ pair: String) -> GitLabHTTPHeaders { ["Authorization": "Basic " + Data(pair.utf8).base64EncodedString()] }

        try await withPage(fixture, auth: auth) { get in
            // When asked with the pair, a wrong password, a wrong user, and the password as a bearer token
            let right = try await get("/", basic("ops:pa:ss"))
            let wrongPassword = try await get("/", basic("ops:pa:sS"))
            let wrongUser = try await get("/", basic("root:pa:ss"))
            let asBearer = try await get("/", ["Authorization": "Bearer pa:ss"])

            // Then only the pair gets in, and the browser is asked for a password
            #expect(right.status == 200)
            #expect(wrongPassword.status == 401)
            #expect(wrongPassword.headers["WWW-Authenticate"] == "Basic realm=\"glwatch\", charset=\"UTF-8\"")
            #expect(wrongUser.status == 401)
            #expect(asBearer.status == 401)
        }
    }

    @Test func testPage_showsInstancesLaggingWokenByLastHookAndBreakers_escaped() async throws {
        // Given a running watcher: one instance rate-limited whose last error is markup, the sample project lagging
        // after a sweep, the hostile one woken by a hook with a recorded hook, and ops' breaker open
        let fixture = try await StatusPageFixture(extraProjects: 1)
        let now = StatusPageFixture.now
        try await fixture.store.recordHooks([IdlePoll(project: StatusPageFixture.hostileProject, at: now - 120)])
        let engine = FakeEngineStatus(
            instances: [
                InstanceStatus(
                    name: "gitlab.example.com", host: "gitlab.example.com", pausedUntil: now + 90,
                    rateLimitRemaining: 0, rateLimitLimit: 2000, throttled: 2, lastError: "<b>rate limited</b>", lastErrorAt: now - 30
                )
            ],
            projects: [
                CLIStateFixture.project: ProjectLiveStatus(lagging: true, wokenBy: .sweep),
                StatusPageFixture.hostileProject: ProjectLiveStatus(lagging: false, wokenBy: .hook),
            ]
        )
        let page = StatusPage(
            api: fixture.api(engine: engine, breakers: FakeBreakers(states: ["ops": .open(until: now + 30, cooldown: 30)])),
            instanceURLs: [:]
        )

        try await StatusPageClient.with(page) { client in
            // When the page is loaded, and filtered to lagging projects
            let html = try await client.get("/").text
            let lagging = try await client.get("/?status=lagging").text

            // Then the instance, the statuses, the wake-ups, the hook and the breaker are there, values escaped
            #expect(html.contains("<h3>GitLab instances</h3>"))
            #expect(html.contains("<span class=\"badge bad\">rate-limited</span> until <time"))
            #expect(html.contains(">in 2m</time>"))
            #expect(html.contains("0 of 2000 left, 2 × HTTP 429"))
            #expect(html.contains("&lt;b&gt;rate limited&lt;/b&gt;") && !html.contains("<b>rate limited"))
            #expect(html.contains("<th>Woken by</th><th>Last change</th><th>Last hook</th>"))
            #expect(html.contains("<span class=\"status lagging\">lagging</span>"))
            #expect(html.contains("<td>sweep</td>") && html.contains("<td>hook</td>"))
            #expect(html.contains(">2m ago</time>"))
            #expect(html.contains("<span class=\"breaker open\">open</span> until <time"))
            #expect(html.contains("<a href=\"/?status=lagging#projects\">lagging</a>"))
            #expect(lagging.contains("glwatch/sample") && !lagging.contains("team/service-001"))
            #expect(lagging.contains("<a href=\"/?status=lagging#projects\" class=\"current\">lagging</a>"))
            // and without an admin token there is nothing to sign in to
            #expect(!html.contains("/ui/admin") && !html.contains("Retry"))
        }
    }

    @Test func testInstancesTable_aLongLastError_isCutWithTheWholeTextOneClickAway_andTheTableStyledToWrapIt() {
        // Given an instance whose last error is a long GitLab message (hostile characters in it)
        let long = "<merge base> of " + String(repeating: "0123456789abcdef", count: 20) + " not found (HTTP 404)"
        let now = StatusPageFixture.now
        let html = StatusPageHTML(instanceURLs: [:], now: now)
        let instance = StatusAPI.Overview.Instance(
            InstanceStatus(
                name: "gitlab.example.com", host: "gitlab.example.com", throttled: 0, lastError: long,
                lastErrorAt: now - 30
            ),
            now: now
        )

        // When the instances table is rendered
        let table = html.instancesTable([instance])

        // Then the error shows its first 160 characters, the whole text behind a <details>, escaped, in a table
        // the stylesheet lets wrap the error instead of squeezing the other columns
        let preview = String(long.prefix(StatusPageHTML.errorPreviewLength))
        #expect(table.contains("<details class=\"problem\"><summary>" + HTML.escape(preview) + "…</summary>"))
        #expect(table.contains(HTML.escape(long) + "</details>"))
        #expect(!table.contains("<merge base>"))
        #expect(table.contains("<table class=\"instances\">"))
        #expect(StatusPageStyle.css.contains("table.instances .problem { overflow-wrap: anywhere; }"))
        // And a short error stays whole, with nothing to click
        let short = html.instancesTable([
            StatusAPI.Overview.Instance(
                InstanceStatus(name: "a", host: "a", throttled: 0, lastError: "HTTP 503", lastErrorAt: nil), now: now
            )
        ])
        #expect(short.contains("<span class=\"problem\">HTTP 503</span>") && !short.contains("<details"))
    }
}
