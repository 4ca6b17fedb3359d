import Foundation

/// A type that has reactive extensions: conforming gives it the `rx` namespace (`Reactive<Self>`), for instances
/// and for the type itself.
///
///     final class ProjectStore: ReactiveCompatible { … }
///     store.rx.heads        // members from `extension Reactive where Base: ProjectStore`
///
/// As in RxSwift, every `NSObject` subclass has it.
public protocol ReactiveCompatible {
    /// Extended type
    associatedtype ReactiveBase

    /// Reactive extensions.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// Reactive extensions.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// Reactive extensions.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        // The setter lets `Reactive` extensions "mutate" the base type.
        set {}
    }

    /// Reactive extensions.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        // The setter lets `Reactive` extensions "mutate" the base value.
        set {}
    }
}

/// Extend NSObject with `rx` proxy, as RxSwift does.
extension NSObject: ReactiveCompatible {}
