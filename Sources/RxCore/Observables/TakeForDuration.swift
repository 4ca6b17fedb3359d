extension ObservableType {
    /// Takes elements for the specified duration from the start of the observable source sequence, using the
    /// specified scheduler to run timers.
    ///
    /// - seealso: [take operator on reactivex.io](http://reactivex.io/documentation/operators/take.html)
    ///
    ///     --1--2--3--4--5--|       take(for: 8 ticks)
    ///     --1--2--|
    ///
    /// The timer starts at subscription; when it fires the sequence completes and the source is disposed.
    ///
    /// - parameter duration: Duration for taking elements from the start of the sequence.
    /// - parameter scheduler: Scheduler to run the timer on.
    /// - returns: An observable sequence with the elements taken during the specified duration from the start of
    ///   the source sequence.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        ForDuration(source: asObservable(), parameters: (mode: .take, duration: duration, scheduler: scheduler))
    }
}
