import Foundation
import Logging
import Notifier

@testable import Watcher

/// Serves a `StatusPage` on 127.0.0.1 (port 0) and sends it requests over HTTP, redirects not followed.
struct StatusPageClient {
    let port: Int
    let transport: AsyncHTTPClientGitLabTransport

    /// Serves `page` (behind `auth`), runs `body` with a client, always stops.
    static func with(
        _ page: StatusPage,
        auth: OperationsAuth? = nil,
        _ body: (StatusPageClient) async throws -> Void
    ) async throws {
        let server = OperationsServer(
            configuration: .init(host: "127.0.0.1", port: 0),
            metrics: PrometheusMetrics().registry,
            health: HealthMonitor(unhealthyAfter: 300, now: { StatusPageFixture.now }),
            page: page,
            auth: auth,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let port = try await server.start()
        let client = StatusPageClient(port: port, transport: try AsyncHTTPClientGitLabTransport())
        do {
            try await body(client)
        } catch {
            try? await client.transport.shutdown()
            await server.stop()
            throw error
        }
        try await client.transport.shutdown()
        await server.stop()
    }

    /// `GET path`.
    func get(_ path: String, _ headers: GitLabHTTPHeaders = [:]) async throws -> GitLabHTTPResponse {
        try await send("GET", path, headers)
    }

    /// `POST path` with `form` as `application/x-www-form-urlencoded`.
    func post(_ path: String, form: [(String, String)] = [], _ headers: GitLabHTTPHeaders = [:]) async throws
        -> GitLabHTTPResponse
    {
        var headers = headers
        headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        let body = String(HTML.query(form.map { ($0.0, Optional($0.1)) }).dropFirst())
        return try await send("POST", path, headers, body: Array(body.utf8))
    }

    private func send(_ method: String, _ path: String, _ headers: GitLabHTTPHeaders, body: [UInt8]? = nil)
        async throws -> GitLabHTTPResponse
    {
        try await transport.execute(
            GitLabHTTPRequest(
                method: method,
                url: URL(string: "http://127.0.0.1:\(port)\(path)")!,
                headers: headers,
                body: body,
                timeout: .seconds(10)
            )
        )
    }
}

extension GitLabHTTPResponse {
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }
}
