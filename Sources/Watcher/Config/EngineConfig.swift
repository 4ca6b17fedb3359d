import Foundation

/// `engine:`: concurrency, discovery and shutdown.
struct EngineConfig: Sendable, Equatable {
    /// Polls in flight at once against one GitLab instance.
    var maxConcurrentPollsPerHost = 4
    /// How often group and membership targets look for added or removed projects.
    var discoveryInterval: TimeInterval = 600
    /// How long in-flight deliveries may finish on SIGTERM/SIGINT.
    var shutdownGrace: TimeInterval = 10
}
