import Foundation

/// A successful poll that changed nothing: all the store learns from it is when it happened
/// (`StateStore.recordIdlePolls(_:)`).
struct IdlePoll: Sendable, Hashable {
    /// The project polled.
    var project: ProjectKey
    /// When the poll ran; becomes the project's `lastPollAt` and `lastSuccessAt` unless those are later.
    var at: Date

    /// Creates an idle-poll record.
    init(project: ProjectKey, at: Date) {
        self.project = project
        self.at = at
    }
}
