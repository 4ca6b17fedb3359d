import RxCore

/// Replaces RxCore's global hooks (`Hooks.debugLogger`, `Hooks.programmingErrorHandler`,
/// `Hooks.defaultErrorHandler`) with recorders for one test, and puts the originals back on `restore()`.
final class HookRecorder {
    private(set) var debugLines: [String] = []
    private(set) var programmingErrors: [String] = []
    private(set) var unhandledErrors: [String] = []

    private let originalDebugLogger = Hooks.debugLogger
    private let originalProgrammingErrorHandler = Hooks.programmingErrorHandler
    private let originalDefaultErrorHandler = Hooks.defaultErrorHandler

    init() {
        Hooks.debugLogger = { [unowned self] identifier, content in
            self.debugLines.append("\(identifier) -> \(content)")
        }
        Hooks.programmingErrorHandler = { [unowned self] message in self.programmingErrors.append(message) }
        Hooks.defaultErrorHandler = { [unowned self] error in self.unhandledErrors.append("\(error)") }
    }

    func restore() {
        Hooks.debugLogger = originalDebugLogger
        Hooks.programmingErrorHandler = originalProgrammingErrorHandler
        Hooks.defaultErrorHandler = originalDefaultErrorHandler
    }
}
