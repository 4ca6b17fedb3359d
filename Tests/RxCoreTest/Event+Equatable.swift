import RxCore

/// Compares two events. They are equal if they are both the same member of `Event` enumeration.
///
/// In case `Error` events are being compared, they are equal when their descriptions are equal (Linux has no
/// `NSError` bridging for arbitrary errors, so this is RxTest's Linux rule everywhere).
func equals<Element: Equatable>(lhs: Event<Element>, rhs: Event<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed): return true
    case (.error(let e1), .error(let e2)): return errorsEqual(e1, e2)
    case (.next(let v1), .next(let v2)): return v1 == v2
    default: return false
    }
}

func errorsEqual(_ lhs: Swift.Error, _ rhs: Swift.Error) -> Bool {
    String(reflecting: type(of: lhs)) == String(reflecting: type(of: rhs)) && "\(lhs)" == "\(rhs)"
}

extension Event: Equatable where Element: Equatable {
    /// Events are equal when they are the same case with equal payloads (errors compared by type and description).
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        equals(lhs: lhs, rhs: rhs)
    }
}

extension MaybeEvent: Equatable where Element: Equatable {
    /// Events are equal when they are the same case with equal payloads (errors compared by type and description).
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case (.error(let e1), .error(let e2)): return errorsEqual(e1, e2)
        case (.success(let v1), .success(let v2)): return v1 == v2
        default: return false
        }
    }
}

extension CompletableEvent: Equatable {
    /// Events are equal when they are the same case (errors compared by type and description).
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case (.error(let e1), .error(let e2)): return errorsEqual(e1, e2)
        default: return false
        }
    }
}
