extension PrimitiveSequence {
    /// Constructs an observable sequence that depends on a resource object, whose lifetime is tied to the
    /// resulting observable sequence's lifetime.
    ///
    /// - seealso: [using operator on reactivex.io](http://reactivex.io/documentation/operators/using.html)
    ///
    ///     Single.using({ Connection() }, primitiveSequenceFactory: { $0.fetchUser() })
    ///     -----(user|)      (the connection is disposed on success, failure or dispose)
    ///
    /// - parameter resourceFactory: Factory function to obtain a resource object.
    /// - parameter primitiveSequenceFactory: Factory function to obtain an observable sequence that depends on the
    ///   obtained resource.
    /// - returns: An observable sequence whose lifetime controls the lifetime of the dependent resource object.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.using(resourceFactory) { resource in
                try primitiveSequenceFactory(resource).asObservable()
            }
        )
    }
}
