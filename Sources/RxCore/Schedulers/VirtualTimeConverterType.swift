import Foundation

/// Parametrization for virtual time used by `VirtualTimeScheduler`s.
public protocol VirtualTimeConverterType {
    /// Virtual time unit used that represents ticks of virtual clock.
    associatedtype VirtualTimeUnit

    /// Virtual time unit used to represent differences of virtual times.
    associatedtype VirtualTimeIntervalUnit

    /// Converts virtual time to real time.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime

    /// Converts real time to virtual time.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit

    /// Converts from virtual time interval to `NSTimeInterval`.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval

    /// Converts from `NSTimeInterval` to virtual time interval.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit

    /// Offsets virtual time by virtual time interval.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit

    /// This is additional abstraction because `Date` is unfortunately not comparable. Extending `Date` with
    /// `Comparable` would be too risky because of possible collisions with other libraries.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// Virtual time comparison result.
///
/// This is additional abstraction because `Date` is unfortunately not comparable. Extending `Date` with
/// `Comparable` would be too risky because of possible collisions with other libraries.
public enum VirtualTimeComparison: Sendable {
    /// lhs < rhs.
    case lessThan
    /// lhs == rhs.
    case equal
    /// lhs > rhs.
    case greaterThan
}

extension VirtualTimeComparison {
    /// lhs < rhs.
    var lessThen: Bool { self == .lessThan }

    /// lhs > rhs
    var greaterThan: Bool { self == .greaterThan }

    /// lhs == rhs
    var equal: Bool { self == .equal }
}
