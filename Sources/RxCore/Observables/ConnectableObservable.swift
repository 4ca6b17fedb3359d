/// Represents an observable sequence wrapper that can be connected and disconnected from its underlying
/// observable sequence.
public protocol ConnectableObservableType: ObservableType {
    /// Connects the observable wrapper to its source. All subscribed observers will receive values from the
    /// underlying observable sequence as long as the connection is established.
    ///
    /// - returns: Disposable used to disconnect the observable wrapper from its source, causing subscribed
    ///   observer to stop receiving values from the underlying observable sequence.
    func connect() -> Disposable
}

/// Represents an observable wrapper that can be connected and disconnected from its underlying observable
/// sequence (`publish()`, `replay(_:)`, `multicast(_:)`).
///
///     let published = source.publish()
///     published.subscribe(onNext: { print("a", $0) })
///     published.subscribe(onNext: { print("b", $0) })
///     let connection = published.connect()   // now the source is subscribed once, for both
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
    override init() {
        super.init()
    }

    /// Connects the observable wrapper to its source. All subscribed observers will receive values from the
    /// underlying observable sequence as long as the connection is established.
    ///
    /// - returns: Disposable used to disconnect the observable wrapper from its source, causing subscribed
    ///   observer to stop receiving values from the underlying observable sequence.
    public func connect() -> Disposable {
        rxAbstractMethod()
    }
}
