import Foundation

/// `engine:`: the engine's own settings (concurrency, discovery, lag and poll deadlines) and the shutdown grace.
struct EngineConfig: Sendable, Equatable {
    /// What the watch engine is made with.
    var configuration = EngineConfiguration()
    /// How long in-flight deliveries may finish on SIGTERM/SIGINT.
    var shutdownGrace: TimeInterval = 10
}
