import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// One SMTP connection on SwiftNIO, driven by one task: send a command line, await the reply.
///
/// The pipeline is `[TLS] → SMTPReplyDecoder`; `STARTTLS` puts the TLS handler in front mid-connection (the
/// server sends nothing between its `220` and the handshake, so no plain bytes are left behind).
final class SMTPConnection {
    private let channel: any Channel
    private var replies: AsyncThrowingStream<SMTPReply, any Error>.AsyncIterator
    /// Set when `closeAfter(_:)`'s deadline closed the connection.
    private let deadlinePassed = DeadlineFlag()
    /// What the exchange was waiting for last (`greeting`, `RCPT TO`, …).
    private(set) var stage = "connect"

    private init(channel: any Channel, replies: AsyncThrowingStream<SMTPReply, any Error>) {
        self.channel = channel
        self.replies = replies.makeAsyncIterator()
    }

    /// Connects, with TLS from the start when `tls` is given.
    static func connect(
        host: String,
        port: Int,
        tls: NIOSSLContext?,
        group: any EventLoopGroup,
        connectTimeout: TimeAmount
    ) async throws -> SMTPConnection {
        let (stream, continuation) = AsyncThrowingStream<SMTPReply, any Error>.makeStream()
        let serverName = Self.serverName(host)
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(connectTimeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture(withResultOf: {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: tls, serverHostname: serverName)
                        )
                    }
                    try channel.pipeline.syncOperations.addHandler(SMTPReplyDecoder(continuation: continuation))
                })
            }
            .connect(host: host, port: port)
            .get()
        return SMTPConnection(channel: channel, replies: stream)
    }

    /// The next reply.
    func reply(stage: String) async throws -> SMTPReply {
        self.stage = stage
        guard let reply = try await replies.next() else {
            throw SMTPError(code: 0, stage: stage, text: "the server closed the connection")
        }
        return reply
    }

    /// Sends a command line and returns the reply; a negative one throws, naming `stage` (never the line,
    /// which may hold credentials).
    @discardableResult
    func command(_ line: String, stage: String) async throws -> SMTPReply {
        self.stage = stage
        try await write(Data((line + "\r\n").utf8))
        let reply = try await reply(stage: stage)
        guard reply.isPositive else { throw SMTPError(code: reply.code, stage: stage, text: reply.summary) }
        return reply
    }

    /// Writes raw bytes.
    func write(_ data: Data) async throws {
        try await channel.writeAndFlush(ByteBuffer(bytes: data)).get()
    }

    /// Puts TLS in front of the connection (after the server's `220` to `STARTTLS`).
    func startTLS(_ context: NIOSSLContext, host: String) async throws {
        let serverName = Self.serverName(host)
        try await channel.eventLoop.submit { [channel] in
            try channel.pipeline.syncOperations.addHandler(
                try NIOSSLClientHandler(context: context, serverHostname: serverName),
                position: .first
            )
        }.get()
    }

    /// Closes the connection after `delay` unless `close()` or the send finished first (`hasPassedDeadline` then
    /// tells why the exchange failed).
    func closeAfter(_ delay: TimeAmount) -> Scheduled<Void> {
        channel.eventLoop.scheduleTask(in: delay) { [channel, deadlinePassed] in
            deadlinePassed.passed.withLock { $0 = true }
            channel.close(promise: nil)
        }
    }

    /// Whether `closeAfter(_:)`'s deadline closed the connection.
    var hasPassedDeadline: Bool { deadlinePassed.passed.withLock { $0 } }

    private final class DeadlineFlag: Sendable {
        let passed = Mutex(false)
    }

    /// Closes the connection.
    func close() async {
        try? await channel.close().get()
    }

    /// The name to verify the certificate against; an IP address has none (SNI forbids it).
    private static func serverName(_ host: String) -> String? {
        let isIP = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        return isIP ? nil : host
    }
}
