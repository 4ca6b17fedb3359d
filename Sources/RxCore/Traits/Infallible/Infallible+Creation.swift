// Creating infallible sequences: RxSwift 6's `just`, `never`, `empty`, `deferred`, `of` and `from`.
extension InfallibleType {
    /// Returns an infallible sequence that contains a single element.
    ///
    ///     (1|)      Infallible.just(1)
    ///
    /// - parameter element: Single element in the resulting infallible sequence.
    /// - returns: An infallible sequence containing the single specified element.
    @inlinable public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(.just(element))
    }

    /// Returns an infallible sequence that contains a single element, sent on `scheduler`.
    ///
    /// - parameter element: Single element in the resulting infallible sequence.
    /// - parameter scheduler: Scheduler to send the single element on.
    /// - returns: An infallible sequence containing the single specified element.
    @inlinable public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(.just(element, scheduler: scheduler))
    }

    /// Returns a non-terminating infallible sequence, which can be used to denote an infinite duration.
    ///
    /// - returns: An infallible sequence whose observers will never get called.
    @inlinable public static func never() -> Infallible<Element> {
        Infallible(.never())
    }

    /// Returns an empty infallible sequence, which only completes.
    ///
    /// - returns: An infallible sequence with no elements.
    @inlinable public static func empty() -> Infallible<Element> {
        Infallible(.empty())
    }

    /// Returns an infallible sequence that invokes the specified factory function whenever a new observer
    /// subscribes.
    ///
    /// - parameter observableFactory: Observable factory function to invoke for each observer that subscribes to
    ///   the resulting sequence; it must not throw (as in RxSwift, whose signature keeps `throws`).
    /// - returns: An infallible sequence whose observers trigger an invocation of the given factory function.
    @inlinable
    public static func deferred(_ observableFactory: @escaping () throws -> Infallible<Element>) -> Infallible<Element>
    {
        Infallible(.deferred { try observableFactory().asObservable() })
    }
}

extension Infallible {
    /// Creates an infallible sequence with a variable number of elements, sent on `scheduler`.
    ///
    ///     (1,2,3|)      Infallible.of(1, 2, 3)
    ///
    /// - parameter elements: Elements to generate.
    /// - parameter scheduler: Scheduler to send elements on. If `nil`, elements are sent immediately on
    ///   subscription.
    /// - returns: The infallible sequence whose elements are pulled from the given arguments.
    @inlinable public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// Converts an array to an infallible sequence.
    ///
    /// - returns: The infallible sequence whose elements are pulled from the given enumerable sequence.
    @inlinable public static func from(
        _ array: [Element],
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(array, scheduler: scheduler))
    }

    /// Converts a sequence to an infallible sequence.
    ///
    /// - returns: The infallible sequence whose elements are pulled from the given enumerable sequence.
    @inlinable public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Sequence.Element == Element {
        Infallible(Observable.from(sequence, scheduler: scheduler))
    }
}
