/// The `.rx` namespace: a proxy over `base` where reactive extensions of a type live, as in RxSwift.
///
/// Extend it with a constraint on `Base` to add reactive members to your own types:
///
///     extension Reactive where Base: ProjectStore {
///         var heads: Observable<[String: String]> { base.headsRelay.asObservable() }
///     }
///     store.rx.heads.subscribe(onNext: { print($0) })
///
/// Writable reference properties of the base get a `Binder` through `@dynamicMemberLookup`
/// (`counter.rx.value` binds to `counter.value`).
@dynamicMemberLookup
public struct Reactive<Base> {
    /// Base object to extend.
    public let base: Base

    /// Creates extensions with base object.
    ///
    /// - parameter base: Base object.
    public init(_ base: Base) {
        self.base = base
    }

    /// Automatically synthesized binder for a key path between the reactive base and one of its properties; it
    /// binds on `MainScheduler.instance`, as RxSwift's does.
    public subscript<Property>(
        dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>
    ) -> Binder<Property> where Base: AnyObject {
        Binder(self.base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}
