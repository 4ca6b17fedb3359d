import Foundation
import Synchronization

/// A GitLab that lives in the test process: an HTTP server on 127.0.0.1 (an ephemeral port) answering the REST
/// API v4 endpoints glwatch uses, with GitLab's JSON shapes, status codes, pagination headers, rate limiting
/// and authentication errors — over an in-memory model of users, groups, projects and real commit graphs that
/// a builder API changes while the server runs.
///
/// ```swift
/// let gitlab = FakeGitLab()
/// let alice = gitlab.addUser("alice")
/// let token = gitlab.addPersonalAccessToken(for: alice)
/// let api = gitlab.addProject("acme/api", members: [alice])
/// api.commits(3, on: "main", by: [alice.author])
/// try await gitlab.start()
/// // … point a client at gitlab.baseURL with `PRIVATE-TOKEN: token` …
/// gitlab.inject(FakeFault(.status(503), on: .pathContaining("/repository/commits"), times: 2))
/// #expect(gitlab.requests.count == 4)
/// await gitlab.stop()
/// ```
///
/// It is used by the client's tests, the watch engine's tests and benchmarks, the end-to-end tests and
/// `glwatch demo`. It deliberately shares no code with glwatch's client: it writes GitLab's JSON by hand, so the
/// client's decoding is tested against GitLab's shapes rather than against itself.
public final class FakeGitLab: Sendable {
    let store: FakeGitLabStore
    let control = FakeControl()
    let logCache = FakeLogCache()
    let hookSender = Mutex<FakeHookSender?>(nil)
    private let server: Mutex<FakeGitLabServer?> = Mutex(nil)
    private let address: Mutex<String?> = Mutex(nil)

    /// Creates a fake GitLab; `start()` begins serving it.
    public init(configuration: FakeGitLabConfiguration = FakeGitLabConfiguration()) {
        self.store = FakeGitLabStore(configuration: configuration)
    }

    /// The configuration.
    public var configuration: FakeGitLabConfiguration { store.configuration }

    // MARK: Lifecycle

    /// Starts serving on 127.0.0.1 with an ephemeral port; returns once the port is bound.
    public func start() async throws {
        guard server.withLock({ $0 }) == nil else { return }
        let server = FakeGitLabServer(logLevel: configuration.serverLogLevel) { [weak self] request in
            guard let self else { return .drop }
            return await self.answer(request)
        }
        control.setStopping(false)
        let port = try await server.start()
        self.server.withLock { $0 = server }
        address.withLock { $0 = "http://127.0.0.1:\(port)" }
    }

    /// Stops serving and closes every connection (hung requests are released first).
    public func stop() async {
        control.setStopping(true)
        let server = self.server.withLock { server -> FakeGitLabServer? in
            defer { server = nil }
            return server
        }
        await server?.stop()
    }

    /// `http://127.0.0.1:<port>` — the host URL to give a client.
    ///
    /// Only valid after `start()`.
    public var baseURL: URL {
        guard let address = address.withLock({ $0 }) else { preconditionFailure("FakeGitLab: call start() first") }
        return URL(string: address)!
    }

    /// `http://127.0.0.1:<port>/api/v4`.
    public var apiURL: URL { baseURL.appendingPathComponent("api/v4") }

    // MARK: Faults, throttling and the request log

    /// Injects a fault into matching requests.
    public func inject(_ fault: FakeFault) { control.inject(fault) }

    /// Random faults at set rates for the requests no injected fault hits (a soak); `nil` (the default) for none.
    public var chaos: FakeChaos? {
        get { control.chaos }
        set { control.chaos = newValue }
    }

    /// Removes every injected fault.
    public func clearFaults() { control.clearFaults() }

    /// The throttle applied to every request (per token, or per anonymous caller); `nil` for none.
    public var rateLimit: FakeRateLimit? {
        get { control.rateLimit }
        set { control.rateLimit = newValue }
    }

    /// Answers every request hung by a `.hang` fault.
    public func releaseHungRequests() { control.releaseHung() }

    /// Waits until at least `count` requests are held by `.hang` faults at once. A request is logged before its
    /// fault takes hold, so wait with this, not on the request log, before `releaseHungRequests()`.
    public func waitUntilHung(_ count: Int = 1) async { await control.waitUntilHung(count) }

    /// Every request received since the start or the last `resetRequestLog()`, in arrival order.
    public var requests: [FakeRecordedRequest] { control.log }

    /// How many requests match `matcher`.
    public func requestCount(matching matcher: FakeRequestMatcher = .any) -> Int {
        control.log.filter { matcher.matches(method: $0.method, path: $0.path, query: $0.query) }.count
    }

    /// Forgets the requests received so far.
    public func resetRequestLog() { control.resetLog() }

    /// Returns once `count` requests have arrived since the last reset (no polling, no sleeping).
    public func waitForRequests(_ count: Int) async { await control.waitForRequests(count) }

    // MARK: Serving

    private var baseURLString: String { address.withLock { $0 } ?? "http://127.0.0.1" }

    /// Answers one request: log → latency → faults → throttle → route.
    func answer(_ request: FakeHTTPRequest) async -> FakeAnswer {
        let now = store.clock.now
        let index = control.record(
            FakeRecordedRequest(
                method: request.method,
                path: request.rawPath,
                query: request.rawQuery,
                headers: request.headers,
                receivedAt: now,
                status: 0
            )
        )
        if let latency = configuration.latency { try? await Task.sleep(for: latency) }
        var truncate = false
        var stall = false
        var pageShift = 0
        if let fault = control.takeFault(method: request.method, path: request.rawPath, query: request.rawQuery) {
            switch fault {
            case .status(let status, let body, let headers):
                let response =
                    body.map {
                        FakeResponse(
                            status: status,
                            headers: [("Content-Type", "application/json")],
                            body: Array($0.utf8)
                        )
                    }
                    ?? .message(status, "\(status) \(Self.reason(status))")
                return finish(
                    index,
                    FakeResponse(
                        status: response.status,
                        headers: response.headers + headers.map { ($0.key, $0.value) },
                        body: response.body
                    )
                )
            case .rateLimited(let retryAfter, let reset):
                var headers: [(String, String)] = retryAfter.map { [("Retry-After", String($0))] } ?? []
                if let reset {
                    headers += [
                        ("RateLimit-Reset", String(Int64(reset.timeIntervalSince1970))),
                        ("RateLimit-ResetTime", FakeDateFormat.http(reset)),
                    ]
                }
                return finish(index, .text(429, "Retry later\n", headers: headers))
            case .rateLimitedUntil(let date):
                return finish(index, .text(429, "Retry later\n", headers: [("Retry-After", FakeDateFormat.http(date))]))
            case .delay(let duration):
                try? await Task.sleep(for: duration)
            case .hang:
                await control.hang()
            case .dropConnection:
                return .drop
            case .truncatedBody:
                truncate = true
            case .stallBody:
                stall = true
            case .repeatPage:
                pageShift = -1
            case .skipPage:
                pageShift = 1
            case .body(let text, let status, let contentType):
                return finish(
                    index,
                    FakeResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
                )
            }
        }
        let identity =
            request.header("PRIVATE-TOKEN") ?? request.header("Authorization") ?? request.header("JOB-TOKEN")
            ?? "anonymous"
        let throttle = control.throttle(identity: identity, now: now)
        if let throttle, throttle.limited {
            var headers = throttle.headers
            if rateLimit?.sendsRetryAfter ?? true {
                headers.append(
                    ("Retry-After", String(max(1, Int(throttle.resetAt.timeIntervalSince(now).rounded(.up)))))
                )
            }
            headers.append(("RateLimit-ResetTime", FakeDateFormat.http(throttle.resetAt)))
            return finish(index, .text(429, "Retry later\n", headers: headers))
        }
        var response = route(request, now: now)
        if pageShift != 0, let shifted = request.shiftingPage(by: pageShift) {
            response.body = route(shifted, now: now).body  // the items of another page under this page's headers
        }
        response.headers += throttle?.headers ?? []
        if truncate { response.body = Array(response.body.prefix(response.body.count / 2)) }
        if stall {
            control.complete(index, status: response.status)
            let control = control
            return .stalled(response) { await control.hang() }
        }
        return finish(index, response)
    }

    private func finish(_ index: Int, _ response: FakeResponse) -> FakeAnswer {
        control.complete(index, status: response.status)
        return .response(response)
    }

    private func route(_ request: FakeHTTPRequest, now: Date) -> FakeResponse {
        let segments = request.segments
        if segments.first == "oauth", segments.count == 2, request.method == "POST" {
            return oauth(request, endpoint: segments[1], now: now)
        }
        guard segments.count >= 2, segments[0] == "api" else { return .routeNotFound }
        if segments == ["api", "graphql"], request.method == "POST" { return graphQL(request, now: now) }
        if segments[1] == "v3" { return .error(410, "API V3 is no longer supported. Use API V4 instead.") }
        if segments[1] == "v4", let answer = webhooks(request, path: Array(segments.dropFirst(2)), now: now) {
            return answer
        }
        guard segments[1] == "v4", request.method == "GET" else { return .routeNotFound }
        return api(request, path: Array(segments.dropFirst(2)), now: now)
    }

    private func oauth(_ request: FakeHTTPRequest, endpoint: String, now: Date) -> FakeResponse {
        let configuration = configuration
        switch endpoint {
        case "token":
            return store.write { world in
                FakeOAuth.token(request, world: &world, now: now, configuration: configuration)
            }
        case "revoke":
            return store.write { world in FakeOAuth.revoke(request, world: &world) }
        default:
            return .routeNotFound
        }
    }

    private func api(_ request: FakeHTTPRequest, path: [String], now: Date) -> FakeResponse {
        let baseURL = baseURLString
        let configuration = configuration
        let logCache = logCache
        return store.read { world in
            switch FakeAuth.caller(of: request, in: world, now: now) {
            case .failure(let response):
                return response
            case .success(let caller):
                let api = FakeAPI(
                    world: world,
                    request: request,
                    caller: caller,
                    now: now,
                    baseURL: baseURL,
                    configuration: configuration,
                    logCache: logCache
                )
                return api.route(path)
            }
        }
    }

    private func graphQL(_ request: FakeHTTPRequest, now: Date) -> FakeResponse {
        let configuration = configuration
        return store.read { world in
            switch FakeAuth.caller(of: request, in: world, now: now) {
            case .failure(let response):
                return response
            case .success(let caller):
                return FakeGraphQL(world: world, request: request, caller: caller, configuration: configuration).answer()
            }
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 409: "Conflict"
        default: "Error"
        }
    }
}
