/// Generic Rx error codes.
public enum RxError: Swift.Error, CustomDebugStringConvertible, Sendable {
    /// Unknown error occurred.
    case unknown
    /// Performing an action on disposed object.
    case disposed(object: String)
    /// Arithmetic overflow error.
    case overflow
    /// Argument out of range error.
    case argumentOutOfRange
    /// Sequence doesn't contain any elements.
    case noElements
    /// Sequence contains more than one element.
    case moreThanOneElement
    /// Timeout error.
    case timeout
}

extension RxError {
    /// A textual representation of `self`, suitable for debugging.
    public var debugDescription: String {
        switch self {
        case .unknown: "Unknown error occurred."
        case .disposed(let object): "Object `\(object)` was already disposed."
        case .overflow: "Arithmetic overflow occurred."
        case .argumentOutOfRange: "Argument out of range."
        case .noElements: "Sequence doesn't contain any elements."
        case .moreThanOneElement: "Sequence contains more than one element."
        case .timeout: "Sequence timeout."
        }
    }
}

func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Never {
    rxFatalError("Abstract method", file: file, line: line)
}

func rxFatalError(_ lastMessage: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError(lastMessage(), file: file, line: line)
}
