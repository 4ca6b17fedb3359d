import Foundation

/// A successful poll that changed nothing: all the store learns from it is when it happened
/// (`StateStore.recordIdlePolls(_:)`).
package struct IdlePoll: Sendable, Hashable {
    /// The project polled.
    package var project: ProjectKey
    /// When the poll ran; becomes the project's `lastPollAt` and `lastSuccessAt` unless those are later.
    package var at: Date
}
