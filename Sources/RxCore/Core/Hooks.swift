import Foundation

/// Global hooks, as in RxSwift, where RxCore reports what no subscriber handles. Each is a plain static variable:
/// set them once at start-up (or in a test's `setUp`, restoring in `tearDown`), not while sequences run.
public enum Hooks {
    /// Error handler called when a subscription made with `subscribe(onNext:...)` terminates with an error and
    /// gave no `onError` handler. The default prints the error; tests may replace it.
    nonisolated(unsafe) public static var defaultErrorHandler: (Swift.Error) -> Void = { error in
        print("Unhandled error happened: \(error)")
    }

    /// Called with a message when a contract that RxSwift enforces with a debug-build `fatalError` is broken: an
    /// error reached `bind(to:)`, `bind(onNext:)` or a `Binder`, or an `Infallible` emitted an error. RxCore
    /// never crashes for it (a server keeps running); the default prints the message to standard error.
    nonisolated(unsafe) public static var programmingErrorHandler: (String) -> Void = { message in
        FileHandle.standardError.write(Data("RxCore: \(message)\n".utf8))
    }

    /// Writes one `debug(_:trimOutput:)` line: the identifier and what happened (`subscribed`, `Event next(1)`,
    /// `isDisposed`). The default prints `<wall-clock time>: <identifier> -> <content>` to standard output, as
    /// RxSwift does; tests replace it to record the lines.
    nonisolated(unsafe) public static var debugLogger: (_ identifier: String, _ content: String) -> Void = {
        identifier,
        content in
        print("\(debugTimestamp()): \(identifier) -> \(content)")
    }
}

/// RxSwift's `debug` timestamp (`yyyy-MM-dd HH:mm:ss.SSS`, local time); only the default `debugLogger` reads the
/// wall clock.
private func debugTimestamp() -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
    return formatter.string(from: Date())
}
