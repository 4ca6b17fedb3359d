import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// The fake's HTTP server: Hummingbird on 127.0.0.1, an ephemeral port, every request handed to one closure.
///
/// It runs in its own `ServiceGroup` and stops with a graceful shutdown, not by cancellation: a graceful shutdown
/// closes the listening socket and still serves (and closes) connections already accepted, whereas cancelling
/// drops them — which NIO traps in debug builds ("Deinited NIOAsyncWriter without calling finish()") when a client
/// connected just as the server stopped.
final class FakeGitLabServer: Sendable {
    typealias Handler = @Sendable (FakeHTTPRequest) async -> FakeAnswer

    private let handler: Handler
    private let logLevel: Logger.Level
    private let running = Mutex<(group: ServiceGroup, task: Task<Void, Never>)?>(nil)

    init(logLevel: String, handler: @escaping Handler) {
        self.handler = handler
        self.logLevel = Logger.Level(rawValue: logLevel) ?? .critical
    }

    /// Binds and starts serving; returns the port.
    func start() async throws -> Int {
        var logger = Logger(label: "FakeGitLab")
        logger.logLevel = logLevel
        let startup = FakeStartup()
        let application = Application(
            responder: FakeResponder(handler: handler),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in startup.succeed(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [application], gracefulShutdownSignals: [], logger: logger)
        )
        let task = Task {
            do {
                try await group.run()
                startup.fail(FakeGitLabError.serverStopped)
            } catch {
                startup.fail(error)
            }
        }
        running.withLock { $0 = (group, task) }
        return try await startup.port()
    }

    /// Stops accepting connections, finishes the ones in flight, and waits for the server to end.
    func stop() async {
        let current = running.withLock { running -> (group: ServiceGroup, task: Task<Void, Never>)? in
            defer { running = nil }
            return running
        }
        guard let current else { return }
        await current.group.triggerGracefulShutdown()
        await current.task.value
    }
}

/// Why the fake could not serve.
public enum FakeGitLabError: Error, Sendable {
    /// The server stopped before it was running.
    case serverStopped
    /// The connection was dropped on purpose (a `.dropConnection` fault).
    case droppedConnection
}

/// Hands the bound port (or the failure) from the server task to `start()`.
private final class FakeStartup: Sendable {
    private let state = Mutex<(result: Result<Int, any Error>?, waiter: CheckedContinuation<Int, any Error>?)>(
        (nil, nil)
    )

    func succeed(_ port: Int) { finish(.success(port)) }

    func fail(_ error: any Error) { finish(.failure(error)) }

    func port() async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let result = state.withLock { state -> Result<Int, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let result { continuation.resume(with: result) }
        }
    }

    private func finish(_ result: Result<Int, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Int, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }
}

/// The request context: Hummingbird's core storage plus the channel (to drop a connection on purpose).
struct FakeRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = CoreRequestContextStorage(source: source)
        self.channel = source.channel
    }
}

/// Converts between Hummingbird's requests and responses and the fake's.
struct FakeResponder: HTTPResponder {
    typealias Context = FakeRequestContext

    let handler: FakeGitLabServer.Handler

    func respond(to request: Request, context: Context) async throws -> Response {
        var request = request
        let body = try await request.collectBody(upTo: 1 << 20)
        let fake = FakeHTTPRequest(
            method: request.method.rawValue,
            rawPath: request.uri.path,
            rawQuery: request.uri.query ?? "",
            headers: request.headers.map { (name: $0.name.rawName, value: $0.value) },
            body: Array(body.readableBytesView)
        )
        switch await handler(fake) {
        case .drop:
            try? await context.channel.close()
            throw FakeGitLabError.droppedConnection
        case .response(let answer):
            return Response(
                status: HTTPResponse.Status(code: answer.status),
                headers: Self.fields(answer.headers),
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
            )
        case .stalled(let answer, let resume):
            let half = answer.body.count / 2
            let body = ResponseBody(contentLength: answer.body.count) { writer in
                try await writer.write(ByteBuffer(bytes: answer.body[..<half]))
                await resume()
                try await writer.write(ByteBuffer(bytes: answer.body[half...]))
                try await writer.finish(nil)
            }
            return Response(
                status: HTTPResponse.Status(code: answer.status),
                headers: Self.fields(answer.headers),
                body: body
            )
        }
    }

    private static func fields(_ headers: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        return fields
    }
}
