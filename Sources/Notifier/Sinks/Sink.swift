import Foundation

/// A place notifications go: stdout, a webhook, a chat service.
///
/// Each sink is small and does two things.
///
/// `makeMessage` is pure (the dry run shows its result without sending); `send` performs the one side effect
/// and says whether a failure is worth retrying, like an Alertmanager notifier.
public protocol Sink: Sendable {
    /// The sink's configured name.
    var name: String { get }

    /// The exact message for a batch, as it would be sent at `time` (which signatures include).
    func makeMessage(for batch: DeliveryBatch, at time: Date) throws -> SinkMessage

    /// Sends a message made by `makeMessage`.
    func send(_ message: SinkMessage) async -> SendResult
}
