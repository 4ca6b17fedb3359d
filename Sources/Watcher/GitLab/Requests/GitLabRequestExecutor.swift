import Foundation
import Logging
import Notifier
import RxCore
import Synchronization

/// Sends requests to one GitLab host: authenticates, paces, retries with backoff, follows a moved project's
/// redirect, and turns every failure into a `GitLabError` that names the host and the resource.
///
/// The order for each attempt: wait for the host's rate limiter (which also holds requests back while GitLab
/// throttles the host) → add credentials (signing in or renewing an OAuth token first when needed) → send →
/// record the `RateLimit-*` headers → classify the status (success, redirect, renew-and-retry on 401,
/// wait-and-retry on 429/502/503/504 and transport failures, or fail).
final class GitLabRequestExecutor: Sendable {
    let configuration: GitLabClientConfiguration
    private let endpoint: Mutex<Endpoint>
    let clock: SchedulerClock
    let limiter: GitLabRateLimiter
    let authenticator: GitLabAuthenticator
    let jitter: any RandomSource
    let scrubber: GitLabSecretScrubber

    init(
        host: URL,
        configuration: GitLabClientConfiguration,
        transport: any GitLabHTTPTransport,
        clock: SchedulerClock,
        limiter: GitLabRateLimiter,
        authenticator: GitLabAuthenticator,
        jitter: any RandomSource,
        scrubber: GitLabSecretScrubber
    ) {
        self.endpoint = Mutex(
            Endpoint(
                host: host, hostName: Self.hostName(of: host), transport: transport,
                requestTimeout: configuration.requestTimeout
            )
        )
        self.configuration = configuration
        self.clock = clock
        self.limiter = limiter
        self.authenticator = authenticator
        self.jitter = jitter
        self.scrubber = scrubber
    }

    /// Where requests go, and how long each may take: replaced as a whole by a reloaded config.
    struct Endpoint: Sendable {
        var host: URL
        var hostName: String
        var transport: any GitLabHTTPTransport
        var requestTimeout: Duration
    }

    /// The base URL requests go to now.
    var host: URL { endpoint.withLock { $0.host } }
    /// The host's name now (`gitlab.example.com`).
    var hostName: String { endpoint.withLock { $0.hostName } }
    /// The transport requests go through now.
    var transport: any GitLabHTTPTransport { endpoint.withLock { $0.transport } }
    /// How long one request may take now.
    var requestTimeout: Duration { endpoint.withLock { $0.requestTimeout } }

    /// Sends later requests to `host` through `transport`, each allowed `requestTimeout` (a reloaded config's
    /// URL, CA or timeout); requests in flight finish where they started.
    func reconfigure(host: URL, transport: any GitLabHTTPTransport, requestTimeout: Duration) {
        endpoint.withLock {
            $0 = Endpoint(
                host: host, hostName: Self.hostName(of: host), transport: transport, requestTimeout: requestTimeout
            )
        }
    }

    /// `gitlab.example.com`, or `host:port` for a non-default port.
    static func hostName(of url: URL) -> String {
        let host = url.host ?? url.absoluteString
        guard let port = url.port, !(url.scheme == "https" && port == 443), !(url.scheme == "http" && port == 80)
        else { return host }
        return "\(host):\(port)"
    }

    /// The error context of `request`.
    func context(for request: GitLabRequest) -> GitLabErrorContext {
        GitLabErrorContext(
            host: hostName,
            method: request.method,
            endpoint: request.endpoint,
            resource: request.resource
        )
    }

    /// Sends `request` and returns its successful (2xx) answer, retrying and following redirects as needed.
    func send(_ request: GitLabRequest) async throws(GitLabError) -> GitLabResponse {
        let (response, url) = try await exchange(request)
        guard (200..<300).contains(response.status) else {
            throw failure(status: response.status, body: response.body, context: context(for: request))
        }
        return GitLabResponse(status: response.status, headers: response.headers, body: response.body, url: url)
    }

    /// Sends `request` and decodes its answer as `T`.
    func get<T: Decodable>(_ type: T.Type, _ request: GitLabRequest) async throws(GitLabError) -> T {
        try await sendDecoding(type, request).value
    }

    /// Sends `request` and decodes its successful answer as `T`, returning both.
    ///
    /// A `GET` whose 2xx answer is not the JSON expected — an HTML error page from a proxy, a body cut short — is
    /// logged and retried like a transient error (the same policy, backoff and bound): nothing is decoded from a
    /// broken answer, and the last failure names the endpoint and the JSON path.
    func sendDecoding<T: Decodable>(
        _ type: T.Type,
        _ request: GitLabRequest
    ) async throws(GitLabError) -> (value: T, response: GitLabResponse) {
        let retry = configuration.retry
        var attempt = 0
        while true {
            let response = try await send(request)
            do {
                return (try decode(type, from: response, for: request), response)
            } catch {
                guard request.method == "GET", retry.allowsRetry(after: attempt) else { throw error }
                let wait = retry.backoff(attempt: attempt, jitter: jitter)
                log(.warning, "retrying after an answer that is not the expected JSON", request, [
                    "status": "\(response.status)", "error": "\(error)", "wait": "\(wait)",
                ])
                attempt += 1
                try await pause(wait, context(for: request))
            }
        }
    }

    /// Decodes a JSON answer; a failure names the endpoint and the JSON path (`$[3].committed_date`).
    func decode<T: Decodable>(
        _ type: T.Type,
        from response: GitLabResponse,
        for request: GitLabRequest
    ) throws(GitLabError) -> T {
        do {
            return try GitLabJSON.decoder().decode(T.self, from: Data(response.body))
        } catch let error as DecodingError {
            let (path, detail) = GitLabJSON.describe(error)
            throw .decoding(context(for: request), path: path, detail: scrubber.scrub(detail))
        } catch {
            throw .decoding(context(for: request), path: "$", detail: scrubber.scrub(String(describing: error)))
        }
    }

    /// The attempt loop.
    ///
    /// Returns the final answer (2xx or a status that is not retried) and the URL it came from; throws for transport
    /// failures, exhausted retries and cancellation.
    func exchange(_ request: GitLabRequest) async throws(GitLabError) -> (GitLabHTTPResponse, URL) {
        let context = context(for: request)
        let retry = configuration.retry
        let (host, transport, requestTimeout) = endpoint.withLock { ($0.host, $0.transport, $0.requestTimeout) }
        var url = try resolve(request.target, context: context)
        var retries = 0
        var redirects = 0
        var renewed = false
        while true {
            if Task.isCancelled { throw .cancelled(context) }
            do {
                try await limiter.acquire(maximumThrottleWait: retry.maximumServerWait)
            } catch {
                switch error {
                case .throttled(let remaining): throw .rateLimited(context, retryAfter: remaining)
                case .cancelled: throw .cancelled(context)
                }
            }
            var headers: GitLabHTTPHeaders = [
                "User-Agent": configuration.userAgent, "Accept": "application/json", "Cache-Control": "no-cache",
            ]
            var credentials: [(String, String)] = []
            if request.authenticated {
                credentials = try await authenticator.headers(using: self)
                for (name, value) in credentials { headers.add(name: name, value: value) }
            }
            var body: [UInt8]?
            if let form = request.form {
                headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
                body = GitLabPercentEncoding.form(form)
            } else if let json = request.json {
                headers.add(name: "Content-Type", value: "application/json")
                body = json
            }
            let httpRequest = GitLabHTTPRequest(
                method: request.method,
                url: url,
                headers: headers,
                body: body,
                timeout: requestTimeout
            )
            let response: GitLabHTTPResponse
            do {
                response = try await transport.execute(httpRequest)
            } catch {
                if error == .cancelled || Task.isCancelled { throw .cancelled(context) }
                let failure: GitLabError =
                    switch error {
                    case .timeout: .timeout(context, after: requestTimeout)
                    case .connection(let detail): .transport(context, detail: scrubber.scrub(detail))
                    case .bodyTooLarge(let limit): .transport(context, detail: "the answer exceeds \(limit) bytes")
                    case .cancelled: .cancelled(context)
                    }
                let retryable = if case .bodyTooLarge = error { false } else { true }
                guard retryable, request.method == "GET", retry.allowsRetry(after: retries) else { throw failure }
                let wait = retry.backoff(attempt: retries, jitter: jitter)
                log(
                    .warning,
                    "retrying after a transport failure",
                    request,
                    ["error": "\(failure)", "wait": "\(wait)"]
                )
                retries += 1
                try await pause(wait, context)
                continue
            }
            limiter.record(response.headers)
            log(.debug, "answered", request, ["status": "\(response.status)", "attempt": "\(retries + 1)"])
            switch response.status {
            case 200..<300:
                return (response, url)
            case 301, 302, 303, 307, 308:
                guard request.method == "GET", redirects < configuration.maximumRedirects,
                    let location = response.headers["Location"],
                    let next = URL(string: location, relativeTo: url)?.absoluteURL
                else { return (response, url) }
                guard Self.sameOrigin(next, host) else {
                    throw .rejected(
                        context,
                        status: response.status,
                        message: "moved to another host (\(Self.hostName(of: next))); not following with credentials"
                    )
                }
                log(.notice, "following a redirect (moved project)", request, ["to": "\(next.path)"])
                url = next
                redirects += 1
            case 401:
                if request.authenticated, !renewed, await authenticator.recover(fromRejected: credentials, using: self)
                {
                    renewed = true
                    continue
                }
                return (response, url)
            case 429:
                let asked = RetryPolicy.serverWait(in: response.headers, now: clock.now, useReset: true)
                let wait = asked ?? retry.backoff(attempt: retries, jitter: jitter)
                limiter.throttle(until: clock.now.addingTimeInterval(Self.seconds(wait)))
                guard retry.allowsRetry(after: retries), wait <= retry.maximumServerWait else {
                    throw .rateLimited(context, retryAfter: wait)
                }
                log(.warning, "rate limited by GitLab; waiting", request, ["wait": "\(wait)"])
                retries += 1  // the next `acquire()` waits out the throttle, with every other request to the host
            case let status where retry.retries(status: status, method: request.method):
                let asked = RetryPolicy.serverWait(in: response.headers, now: clock.now, useReset: false)
                let wait = asked ?? retry.backoff(attempt: retries, jitter: jitter)
                guard retry.allowsRetry(after: retries), wait <= retry.maximumServerWait else { return (response, url) }
                log(.warning, "retrying after a server error", request, ["status": "\(status)", "wait": "\(wait)"])
                retries += 1
                try await pause(wait, context)
            default:
                return (response, url)
            }
        }
    }

    /// The `GitLabError` for an unsuccessful final status.
    func failure(status: Int, body: [UInt8], context: GitLabErrorContext) -> GitLabError {
        let message = scrubber.scrub(GitLabErrorBody.message(from: body))
        switch status {
        case 401: return .unauthorized(context, message: message)
        case 403: return .forbidden(context, message: message)
        case 404: return .notFound(context, missing: GitLabMissingResource(message: message), message: message)
        case 429: return .rateLimited(context, retryAfter: nil)
        case 500..<600: return .server(context, status: status, message: message)
        default: return .rejected(context, status: status, message: message)
        }
    }

    /// The absolute URL of a target; an absolute URL must be on the client's own host.
    func resolve(_ target: GitLabRequest.Target, context: GitLabErrorContext) throws(GitLabError) -> URL {
        let base = host.absoluteString.hasSuffix("/") ? String(host.absoluteString.dropLast()) : host.absoluteString
        let string: String
        switch target {
        case .api(let path, let query):
            string = base + "/api/v4" + path + (query.isEmpty ? "" : "?" + GitLabPercentEncoding.query(query))
        case .root(let path):
            string = base + path
        case .absolute(let url):
            guard Self.sameOrigin(url, host) else {
                throw .rejected(
                    context,
                    status: 200,
                    message: "GitLab linked to another host (\(Self.hostName(of: url))); not following with credentials"
                )
            }
            return url
        }
        guard let url = URL(string: string) else {
            throw .rejected(context, status: 0, message: "cannot build a URL for \(context.endpoint)")
        }
        return url
    }

    private func pause(_ wait: Duration, _ context: GitLabErrorContext) async throws(GitLabError) {
        do { try await clock.sleep(for: wait) } catch { throw .cancelled(context) }
    }

    private func log(_ level: Logger.Level, _ message: String, _ request: GitLabRequest, _ extra: Logger.Metadata) {
        var metadata: Logger.Metadata = [
            "gitlab.host": "\(hostName)", "gitlab.request": "\(request.method) \(request.endpoint)",
        ]
        if let resource = request.resource { metadata["gitlab.resource"] = "\(resource)" }
        metadata.merge(extra) { $1 }
        configuration.logger.log(level: level, "GitLab \(message)", metadata: metadata)
    }

    static func sameOrigin(_ url: URL, _ host: URL) -> Bool {
        url.scheme?.lowercased() == host.scheme?.lowercased() && url.host?.lowercased() == host.host?.lowercased()
            && (url.port ?? defaultPort(url)) == (host.port ?? defaultPort(host))
    }

    private static func defaultPort(_ url: URL) -> Int? {
        switch url.scheme?.lowercased() {
        case "https": 443
        case "http": 80
        default: nil
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
