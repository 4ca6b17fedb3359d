/// The base of the time-based operators on one source (`debounce`, `throttle`, `delay`, `delaySubscription`,
/// `timeout`): the source, the operator's time span and the scheduler that measures it.
class TimedProducer<Element>: Producer<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }
}
