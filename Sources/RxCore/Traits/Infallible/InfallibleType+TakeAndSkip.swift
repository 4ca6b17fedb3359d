// Taking, skipping and timing an infallible sequence: the same operators as `Observable`'s, returning
// `Infallible`. Predicates keep RxSwift's `throws` signatures and must not throw (see `Infallible`).
extension InfallibleType {
    /// Returns the elements until `other` produces an element, then completes.
    ///
    /// - parameter other: Infallible sequence that terminates propagation of elements of the source sequence.
    /// - returns: An infallible sequence of the elements before `other` emits.
    @inlinable public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        Infallible(self.asObservable().take(until: other.asObservable()))
    }

    /// Returns the elements until `other` produces an element, then completes; `other` must not fail.
    ///
    /// - parameter other: Observable sequence that terminates propagation of elements of the source sequence.
    /// - returns: An infallible sequence of the elements before `other` emits.
    @inlinable public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(self.asObservable().take(until: other))
    }

    /// Returns elements until the specified condition is true.
    ///
    /// - parameter predicate: A function to test each element for a condition.
    /// - parameter behavior: Whether or not to include the last element matching the predicate.
    /// - returns: An infallible sequence of the elements before the condition held.
    @inlinable
    public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
        -> Infallible<Element>
    {
        Infallible(self.asObservable().take(until: predicate, behavior: behavior))
    }

    /// Returns elements as long as a specified condition is true.
    ///
    /// - parameter predicate: A function to test each element for a condition.
    /// - parameter behavior: Whether or not to include the last element not matching the predicate.
    /// - returns: An infallible sequence of the elements that passed the test.
    @inlinable
    public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
        -> Infallible<Element>
    {
        Infallible(self.asObservable().take(while: predicate, behavior: behavior))
    }

    /// Returns a specified number of contiguous elements from the start of the sequence.
    ///
    /// - parameter count: The number of elements to return.
    /// - returns: An infallible sequence of at most `count` elements.
    @inlinable public func take(_ count: Int) -> Infallible<Element> {
        Infallible(self.asObservable().take(count))
    }

    /// Takes elements for the specified duration from the start of the sequence, using `scheduler` for the timer.
    ///
    /// - parameter duration: Duration for taking elements from the start of the sequence.
    /// - parameter scheduler: Scheduler to run the timer on.
    /// - returns: An infallible sequence of the elements within the duration.
    @inlinable public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(self.asObservable().take(for: duration, scheduler: scheduler))
    }

    /// Bypasses elements as long as a specified condition is true and then returns the remaining elements.
    ///
    /// - parameter predicate: A function to test each element for a condition.
    /// - returns: An infallible sequence of the elements from the first that fails the test.
    @inlinable public func skip(while predicate: @escaping (Element) throws -> Bool) -> Infallible<Element> {
        Infallible(self.asObservable().skip(while: predicate))
    }

    /// Returns the elements emitted after `other` produces an element; `other` must not fail.
    ///
    /// - parameter other: Sequence that starts propagation of elements of the source sequence.
    /// - returns: An infallible sequence of the elements after `other` emitted.
    @inlinable public func skip<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(self.asObservable().skip(until: other))
    }

    /// Ignores elements which are followed by another element within `dueTime`, using `scheduler` for the timers.
    ///
    ///     --1-2-----3--|      debounce(3)
    ///     -------2-----(3|)
    ///
    /// - parameter dueTime: Throttling duration for each element.
    /// - parameter scheduler: Scheduler to run the throttle timers on.
    /// - returns: The throttled infallible sequence.
    @inlinable public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(self.asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Emits the first and the latest element of each window of `dueTime`, so that no two elements are closer
    /// than `dueTime`.
    ///
    /// - parameter dueTime: Throttling duration for each element.
    /// - parameter latest: Should latest element received in a dueTime wide time window since last element
    ///   emission be emitted.
    /// - parameter scheduler: Scheduler to run the throttle timers on.
    /// - returns: The throttled infallible sequence.
    @inlinable public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType)
        -> Infallible<Element>
    {
        Infallible(self.asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }
}
