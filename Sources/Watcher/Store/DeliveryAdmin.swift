import Foundation

/// Operator actions on deliveries: re-queue dead letters, re-deliver a past event.
protocol DeliveryAdmin: Sendable {
    /// Puts dead letter `id` back in its sink's queue, due at `now`, with its attempt count reset (its attempt
    /// history is kept). It keeps its place in the queue, so it goes out before newer deliveries of its project.
    func requeueDeadLetter(_ id: Int64, now: Date) async throws

    /// Re-queues every dead letter, or those of `sink` only; returns how many.
    func requeueDeadLetters(sink: String?, now: Date) async throws -> Int

    /// Queues the stored event `eventID` once more for `sink`, due at `now` (behind the sink's waiting
    /// deliveries of the same project); returns the new delivery's id. It is rendered with the template the
    /// rules chose when the event last went to `sink` (the sink's own if it never did); it names no rule.
    func redeliver(eventID: String, to sink: String, now: Date) async throws -> Int64
}
