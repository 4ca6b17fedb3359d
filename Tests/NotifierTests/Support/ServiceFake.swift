import Foundation
import Hummingbird
import Logging
import Notifier
import Synchronization

/// A chat service on 127.0.0.1 (port 0: any free port) that records every request, whatever its method and
/// path, and answers from a script, so tests check the exact request shape the service documents.
final class ServiceFake: Sendable {
    /// One request as it arrived.
    struct Request: Sendable {
        var method: String
        /// The path and query, as sent (percent-encoding kept).
        var uri: String
        /// The headers, names lowercased.
        var headers: [String: String]
        var body: Data

        /// The body as a JSON object.
        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        }
    }

    /// An answer: status, headers and JSON text.
    struct Answer: Sendable {
        var status: Int
        /// The headers, names lowercased.
        var headers: [String: String] = [:]
        var body: String = "{}"
    }

    /// How the fake answers the n-th request (from 0).
    typealias Script = @Sendable (_ index: Int, _ request: Request) -> Answer

    private let script: Script
    private let recorded = Mutex<[Request]>([])
    private let task = Mutex<Task<Void, any Error>?>(nil)

    private let boundPort = Mutex(0)

    /// The port it listens on, once started.
    var port: Int { boundPort.withLock { $0 } }

    init(_ script: @escaping Script) {
        self.script = script
    }

    /// What arrived so far.
    var requests: [Request] { recorded.withLock { $0 } }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts listening.
    func start() async throws {
        let router = Router()
        for method in [HTTPRequest.Method.get, .post, .put] {
            router.on("**", method: method) { [self] request, _ -> Response in
                let body = try await request.body.collect(upTo: 1 << 20)
                /// The headers, names lowercased.
                var headers: [String: String] = [:]
                for field in request.headers { headers[field.name.canonicalName] = field.value }
                let recordedRequest = Request(
                    method: request.method.rawValue,
                    uri: request.uri.description,
                    headers: headers,
                    body: Data(body.readableBytesView)
                )
                let index = recorded.withLock { requests in
                    requests.append(recordedRequest)
                    return requests.count - 1
                }
                let answer = script(index, recordedRequest)
                var fields = HTTPFields()
                fields[.contentType] = "application/json"
                for (name, value) in answer.headers { fields[.init(name)!] = value }
                return Response(
                    status: .init(code: answer.status),
                    headers: fields,
                    body: ResponseBody(byteBuffer: ByteBuffer(string: answer.body))
                )
            }
        }
        var logger = Logger(label: "service-fake")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        task.withLock { $0 = Task { try await app.runService(gracefulShutdownSignals: []) } }
        var iterator = ports.makeAsyncIterator()
        let bound = await iterator.next() ?? 0
        boundPort.withLock { $0 = bound }
    }

    /// Stops listening.
    func stop() async {
        let running = task.withLock { $0 }
        running?.cancel()
        _ = await running?.result
    }

    /// Runs `body` with a started fake and a live HTTP transport, stopping both whatever happens.
    static func with<T>(
        _ script: @escaping Script,
        _ body: (ServiceFake, AsyncHTTPClientTransport) async throws -> T
    ) async throws -> T {
        let fake = ServiceFake(script)
        try await fake.start()
        let transport = AsyncHTTPClientTransport()
        let result: Result<T, any Error>
        do {
            result = .success(try await body(fake, transport))
        } catch {
            result = .failure(error)
        }
        try? await transport.shutdown()
        await fake.stop()
        return try result.get()
    }
}
