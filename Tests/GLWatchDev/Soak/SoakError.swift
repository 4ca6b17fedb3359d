import Watcher

/// Why the soak could not run (as opposed to a run that found a loss, which `SoakVerdict` reports).
struct SoakError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
