extension ObservableType {
    /// Skips elements for the specified duration from the start of the observable source sequence, using the
    /// specified scheduler to run timers.
    ///
    /// - seealso: [skip operator on reactivex.io](http://reactivex.io/documentation/operators/skip.html)
    ///
    ///     --1--2--3--4--5--|       skip(for: 8 ticks)
    ///     ---------3--4--5--|
    ///
    /// Terminal events are forwarded whenever they come, also while skipping.
    ///
    /// - parameter duration: Duration for skipping elements from the start of the sequence.
    /// - parameter scheduler: Scheduler to run the timer on.
    /// - returns: An observable sequence with the elements skipped during the specified duration from the start
    ///   of the source sequence.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        ForDuration(source: asObservable(), parameters: (mode: .skip, duration: duration, scheduler: scheduler))
    }
}
