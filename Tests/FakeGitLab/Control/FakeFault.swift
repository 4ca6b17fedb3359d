import Foundation

/// A fault the fake injects into matching requests, to exercise a client's resilience.
public struct FakeFault: Sendable {
    /// What goes wrong.
    public enum Kind: Sendable {
        /// Answer with `status` and a JSON body (`{"message":"<status> …"}` by default) instead of the real answer.
        case status(Int, body: String? = nil, headers: [String: String] = [:])
        /// Answer 429 the way Rack::Attack does: plain-text `Retry later`, `Retry-After` (seconds) when given, and
        /// `RateLimit-Reset`/`RateLimit-ResetTime` when `reset` is given.
        case rateLimited(retryAfter: Int?, reset: Date? = nil)
        /// Answer 429 with `Retry-After` as an HTTP date.
        case rateLimitedUntil(Date)
        /// Wait (real time) before answering normally: network latency.
        case delay(Duration)
        /// Do not answer until `FakeGitLab.releaseHungRequests()` (or the client gives up).
        case hang
        /// Close the connection without answering.
        case dropConnection
        /// Answer normally but with only the first half of the JSON body (and a matching `Content-Length`).
        case truncatedBody
        /// Send the head and the first half of the body, then nothing more until
        /// `FakeGitLab.releaseHungRequests()`: a connection that stalls mid-answer.
        case stallBody
        /// Answer with this raw body and status.
        case body(String, status: Int = 200, contentType: String = "application/json")
        /// Answer a list request with the headers of the page asked for but the items of the page before it (page
        /// 1 stays page 1): a list that repeats a page, as when items are added while a client pages through.
        case repeatPage
        /// Answer a list request with the headers of the page asked for but the items of the page after it: a list
        /// that skips a page, as when items are removed while a client pages through.
        case skipPage
    }

    /// What goes wrong.
    public var kind: Kind
    /// Which requests it hits.
    public var matcher: FakeRequestMatcher
    /// How many more requests it hits (`nil`: all of them).
    public var remaining: Int?

    /// Creates a fault.
    public init(_ kind: Kind, on matcher: FakeRequestMatcher = .any, times: Int? = 1) {
        self.kind = kind
        self.matcher = matcher
        self.remaining = times
    }
}

/// Which requests a fault hits.
public struct FakeRequestMatcher: Sendable {
    /// The HTTP method, or `nil` for any.
    public var method: String?
    /// A prefix of the raw (still percent-encoded) path, or `nil` for any.
    public var pathPrefix: String?
    /// A substring of the raw path, or `nil` for any.
    public var pathContains: String?
    /// A substring of the raw query (`page=2`), or `nil` for any.
    public var queryContains: String?

    /// Creates a matcher.
    public init(
        method: String? = nil, pathPrefix: String? = nil, pathContains: String? = nil, queryContains: String? = nil
    ) {
        self.method = method
        self.pathPrefix = pathPrefix
        self.pathContains = pathContains
        self.queryContains = queryContains
    }

    /// Every request.
    public static let any = FakeRequestMatcher()

    /// Requests whose raw path starts with `prefix` (`/api/v4/projects/1/repository/commits`).
    public static func path(_ prefix: String, method: String? = nil) -> FakeRequestMatcher {
        FakeRequestMatcher(method: method, pathPrefix: prefix)
    }

    /// Requests whose raw path contains `fragment` (`/repository/commits`), and whose raw query contains `query`
    /// when it is given (`&page=2&`: one page of a list).
    public static func pathContaining(_ fragment: String, query: String? = nil, method: String? = nil)
        -> FakeRequestMatcher
    {
        FakeRequestMatcher(method: method, pathContains: fragment, queryContains: query)
    }

    func matches(method: String, path: String, query: String = "") -> Bool {
        if let expected = self.method, expected != method { return false }
        if let prefix = pathPrefix, !path.hasPrefix(prefix) { return false }
        if let fragment = pathContains, !path.contains(fragment) { return false }
        if let fragment = queryContains, !"&\(query)&".contains(fragment) { return false }
        return true
    }
}
