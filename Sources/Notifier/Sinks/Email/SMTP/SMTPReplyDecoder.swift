import NIOCore

/// Splits the server's bytes into lines and lines into replies (`250-…` continues, `250 …` ends one), and
/// hands each reply to the session; a closed connection or error ends the stream.
final class SMTPReplyDecoder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// A line longer than this is a broken server, not a reply.
    static let maxLineBytes = 64 * 1024

    private let continuation: AsyncThrowingStream<SMTPReply, any Error>.Continuation
    private var pending: [UInt8] = []
    private var lines: [String] = []

    init(continuation: AsyncThrowingStream<SMTPReply, any Error>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        pending += buffer.readBytes(length: buffer.readableBytes) ?? []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            var line = pending[..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            pending.removeSubrange(...newline)
            take(String(decoding: line, as: UTF8.self))
        }
        if pending.count > Self.maxLineBytes {
            fail(SMTPError(code: 0, stage: "reply", text: "the server sent a line longer than 64 KiB"), context)
        }
    }

    private func take(_ line: String) {
        let bytes = Array(line.utf8)
        guard bytes.count >= 3, let code = Int(String(decoding: bytes.prefix(3), as: UTF8.self)) else {
            continuation.finish(throwing: SMTPError(code: 0, stage: "reply", text: "the server sent a malformed reply"))
            return
        }
        lines.append(String(decoding: bytes.dropFirst(4), as: UTF8.self))
        if bytes.count > 3, bytes[3] == UInt8(ascii: "-") { return }
        continuation.yield(SMTPReply(code: code, lines: lines))
        lines = []
    }

    func channelInactive(context: ChannelHandlerContext) {
        continuation.finish(throwing: SMTPError(code: 0, stage: "connection", text: "the server closed the connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error, context)
    }

    private func fail(_ error: any Error, _ context: ChannelHandlerContext) {
        continuation.finish(throwing: error)
        context.close(promise: nil)
    }
}
