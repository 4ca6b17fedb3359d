// The time and scheduling operators of `Single`, `Maybe` and `Completable`, as in RxSwift's `PrimitiveSequence`:
// each wraps the `Observable` operator of the same name, whose documentation has the details and marbles.

extension PrimitiveSequence {
    /// Returns the sequence shifted forward in time by `dueTime`; an error is not delayed.
    ///
    ///     Single: ---a|        delay(3 ticks)
    ///             ------a|
    ///
    /// - parameter dueTime: Relative time shift of the source by.
    /// - parameter scheduler: Scheduler to run the subscription delay timer on.
    /// - returns: the source sequence shifted in time by the specified delay.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.delay(dueTime, scheduler: scheduler))
    }

    /// Time shifts the sequence by delaying the subscription by `dueTime`.
    ///
    /// - parameter dueTime: Relative time shift of the subscription.
    /// - parameter scheduler: Scheduler to run the subscription delay timer on.
    /// - returns: Time-shifted sequence.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: primitiveSequence.source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Wraps the source sequence in order to run its observer callbacks on the specified scheduler.
    ///
    /// - parameter scheduler: Scheduler to notify observers on.
    /// - returns: The source sequence whose observations happen on the specified scheduler.
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.observe(on: scheduler))
    }

    /// Wraps the source sequence in order to run its subscription and unsubscription logic on the specified
    /// scheduler.
    ///
    /// - parameter scheduler: Scheduler to perform subscription and unsubscription actions on.
    /// - returns: The source sequence whose subscriptions and unsubscriptions happen on the specified scheduler.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.subscribe(on: scheduler))
    }

    /// Fails with `RxError.timeout` if the sequence does not terminate within `dueTime`.
    ///
    ///     Single: ----------a|     timeout(5 ticks)
    ///             -----#
    ///
    /// - parameter dueTime: Maximum duration before a timeout occurs.
    /// - parameter scheduler: Scheduler to run the timeout timer on.
    /// - returns: The source sequence, or `RxError.timeout` in case of a timeout.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` if the sequence does not terminate within `dueTime`.
    ///
    /// - parameter dueTime: Maximum duration before a timeout occurs.
    /// - parameter other: Sequence to return in case of a timeout.
    /// - parameter scheduler: Scheduler to run the timeout timer on.
    /// - returns: The source sequence switching to the other sequence in case of a timeout.
    public func timeout(
        _ dueTime: RxTimeInterval,
        other: PrimitiveSequence<Trait, Element>,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: primitiveSequence.source.timeout(dueTime, other: other.source, scheduler: scheduler)
        )
    }
}

extension PrimitiveSequence where Element: RxAbstractInteger {
    /// Returns a sequence that produces `0` after `dueTime` and terminates (a `Single` succeeds with it).
    ///
    /// - parameter dueTime: Relative time at which to produce the value.
    /// - parameter scheduler: Scheduler to run the timer on.
    /// - returns: A sequence that produces a value after the due time has elapsed.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
