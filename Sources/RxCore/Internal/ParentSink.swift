/// A sink that reads its operator's parameters from the producer that made it, as RxSwift's sinks read them from
/// `parent`: the operator's sink declares only its own state.
class ParentSink<Parent, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }
}
