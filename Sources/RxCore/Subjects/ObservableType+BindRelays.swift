// RxRelay's `Observable+Bind`: binding a sequence to relays, which accept elements and never terminate. An
// error is a programming error in a binding: it is reported to `Hooks.programmingErrorHandler` (RxSwift raises
// `fatalError` in debug builds) and the relays stay open; completion is ignored.

extension ObservableType {
    /// Creates new subscription and sends elements to publish relay(s).
    ///
    /// - parameter relays: Target publish relays for sequence elements.
    /// - returns: Disposable object that can be used to unsubscribe the observer.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        self.bindRelays(kind: "publish relay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Creates new subscription and sends elements, as optionals, to publish relay(s).
    ///
    /// - parameter relays: Target publish relays for sequence elements.
    /// - returns: Disposable object that can be used to unsubscribe the observer.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        self.bindRelays(kind: "publish relay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Creates new subscription and sends elements to behavior relay(s).
    ///
    /// - parameter relays: Target behavior relays for sequence elements.
    /// - returns: Disposable object that can be used to unsubscribe the observer.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        self.bindRelays(kind: "behavior relay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Creates new subscription and sends elements, as optionals, to behavior relay(s).
    ///
    /// - parameter relays: Target behavior relays for sequence elements.
    /// - returns: Disposable object that can be used to unsubscribe the observer.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        self.bindRelays(kind: "behavior relay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Creates new subscription and sends elements to replay relay(s).
    ///
    /// - parameter relays: Target replay relays for sequence elements.
    /// - returns: Disposable object that can be used to unsubscribe the observer.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        self.bindRelays(kind: "replay relay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Creates new subscription and sends elements, as optionals, to replay relay(s).
    ///
    /// - parameter relays: Target replay relays for sequence elements.
    /// - returns: Disposable object that can be used to unsubscribe the observer.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        self.bindRelays(kind: "replay relay") { element in relays.forEach { $0.accept(element) } }
    }

    private func bindRelays(kind: String, accept: @escaping (Element) -> Void) -> Disposable {
        self.subscribe { event in
            switch event {
            case .next(let element):
                accept(element)
            case .error(let error):
                Hooks.programmingErrorHandler("Binding error to \(kind): \(error)")
            case .completed:
                break
            }
        }
    }
}
