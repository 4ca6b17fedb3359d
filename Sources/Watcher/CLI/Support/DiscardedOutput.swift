import Notifier

/// A `TextOutput` that drops what it is given (not a terminal, so messages carry no colour codes).
struct DiscardedOutput: TextOutput {
    var isTerminal: Bool { false }

    func write(_ text: String) throws {}
}
