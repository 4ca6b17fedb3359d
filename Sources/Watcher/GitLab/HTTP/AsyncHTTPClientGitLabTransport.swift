import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTPCompression
import NIOSSL

/// The live transport, on AsyncHTTPClient.
///
/// Why AsyncHTTPClient rather than URLSession (measured on Linux, see SWIFT-NOTES.md): it can trust a private CA
/// (`TLSConfiguration.additionalTrustRoots`) — self-managed GitLab often sits behind an internal CA, which
/// URLSession on Linux cannot be made to trust; its deadlines are exact rather than whole-second idle timeouts;
/// its memory stays flat over long runs; and it has no HTTP cache to switch off (GitLab's `/api/v4` does not
/// honour conditional requests, so a cache could only serve stale data).
///
/// TLS certificates are always verified. Redirects are not followed here: the client follows a moved project's
/// 301 itself, and only on the same host, so a token is never sent elsewhere. Call `shutdown()` when done.
public final class AsyncHTTPClientGitLabTransport: GitLabHTTPTransport {
    /// Connection settings.
    public struct Configuration: Sendable {
        /// A PEM file of extra CA certificates to trust (an internal CA of a self-managed GitLab), added to the
        /// system's trust store.
        public var additionalTrustRootsPEMFile: String?
        /// The largest response body accepted (after decompression).
        public var maximumResponseBytes: Int
        /// How long establishing a connection may take.
        public var connectTimeout: Duration
        /// Concurrent HTTP/1.1 connections per host.
        public var maximumConnectionsPerHost: Int
        /// How long an idle pooled connection is kept.
        public var idleConnectionTimeout: Duration

        /// Creates a configuration; the defaults suit gitlab.com and self-managed instances alike.
        public init(
            additionalTrustRootsPEMFile: String? = nil,
            maximumResponseBytes: Int = 64 * 1024 * 1024,
            connectTimeout: Duration = .seconds(10),
            maximumConnectionsPerHost: Int = 8,
            idleConnectionTimeout: Duration = .seconds(60)
        ) {
            self.additionalTrustRootsPEMFile = additionalTrustRootsPEMFile
            self.maximumResponseBytes = maximumResponseBytes
            self.connectTimeout = connectTimeout
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.idleConnectionTimeout = idleConnectionTimeout
        }
    }

    private let client: HTTPClient
    private let maximumResponseBytes: Int

    /// Creates the transport and its connection pool.
    ///
    /// - throws: `GitLabTransportError.connection` when the trust roots file cannot be read.
    public init(configuration: Configuration = Configuration()) throws(GitLabTransportError) {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .fullVerification
        if let file = configuration.additionalTrustRootsPEMFile {
            do {
                tls.additionalTrustRoots = [.certificates(try NIOSSLCertificate.fromPEMFile(file))]
            } catch {
                throw .connection("cannot read trusted certificates from \(file): \(error)")
            }
        }
        var clientConfiguration = HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .disallow,
            timeout: .init(connect: Self.timeAmount(configuration.connectTimeout)),
            connectionPool: .init(
                idleTimeout: Self.timeAmount(configuration.idleConnectionTimeout),
                concurrentHTTP1ConnectionsPerHostSoftLimit: configuration.maximumConnectionsPerHost
            ),
            decompression: .enabled(limit: .size(configuration.maximumResponseBytes))
        )
        clientConfiguration.httpVersion = .automatic
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
        self.maximumResponseBytes = configuration.maximumResponseBytes
    }

    /// Closes every connection.
    ///
    /// The transport cannot be used afterwards.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// Performs `request` within its timeout; the deadline covers the response head (AsyncHTTPClient's) and the
    /// body (ours: the body is collected in a task raced against a timer on the same deadline).
    public func execute(_ request: GitLabHTTPRequest) async throws(GitLabTransportError) -> GitLabHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .init(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        outgoing.headers.replaceOrAdd(name: "Accept-Encoding", value: "gzip, deflate")
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let deadline = NIODeadline.now() + Self.timeAmount(request.timeout)
        do {
            let response = try await client.execute(outgoing, deadline: deadline)
            let body = try await collect(response.body, deadline: deadline)
            var headers = GitLabHTTPHeaders()
            for (name, value) in response.headers { headers.add(name: name, value: value) }
            return GitLabHTTPResponse(status: Int(response.status.code), headers: headers, body: body)
        } catch {
            throw classify(error)
        }
    }

    private func collect(_ body: HTTPClientResponse.Body, deadline: NIODeadline) async throws -> [UInt8] {
        let limit = maximumResponseBytes
        let timer = client.eventLoopGroup.next().scheduleTask(deadline: deadline) {}
        defer { timer.cancel() }
        return try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask {
                var buffer = try await body.collect(upTo: limit)
                return buffer.readBytes(length: buffer.readableBytes) ?? []
            }
            group.addTask {
                do { try await timer.futureResult.get() } catch { return [] }  // cancelled: the body won
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let bytes = first else {
                throw HTTPClientError.deadlineExceeded
            }
            timer.cancel()
            return bytes
        }
    }

    private func classify(_ error: any Error) -> GitLabTransportError {
        if let error = error as? GitLabTransportError { return error }
        if error is CancellationError || Task.isCancelled { return .cancelled }
        if error is NIOTooManyBytesError { return .bodyTooLarge(limit: maximumResponseBytes) }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout: return .timeout
            case .cancelled: return .cancelled
            default: return .connection(String(describing: error))
            }
        }
        return .connection(String(describing: error))
    }

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
