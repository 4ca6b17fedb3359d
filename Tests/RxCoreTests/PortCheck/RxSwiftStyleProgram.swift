// The port check: a small program written the way RxSwift 6 code is written (a view-model with relays, `.rx`
// extensions, binders, `DisposeBag { }`, `withUnretained`, `Infallible`, `debug`, `decode`), compiled with only
// `import RxCore`. It must keep building unchanged: if it stops compiling, RxSwift code no longer ports by changing
// the import. Only the test beside it (RxSwiftStyleProgramTests) imports XCTest.
import RxCore
import Foundation

/// A watched project's state, decoded from the JSON a fake API returns.
struct ProjectState: Decodable, Equatable {
    let name: String
    let head: String
}

/// Where the view-model's output lands (a UI label, in an iOS app).
final class StatusBoard: ReactiveCompatible {
    var headline = ""
    var history: [String] = []
}

extension Reactive where Base: StatusBoard {
    /// A binder to the board, written as RxCocoa's extensions are.
    func append(on scheduler: ImmediateSchedulerType) -> Binder<String> {
        Binder(base, scheduler: scheduler) { board, line in board.history.append(line) }
    }
}

/// The view-model, as an RxSwift user writes one.
final class ProjectViewModel {
    let refresh = PublishRelay<Void>()
    let state = BehaviorRelay<ProjectState?>(value: nil)
    let headline: Infallible<String>

    private let disposeBag = DisposeBag()

    init(fetch: @escaping () -> Observable<Data>, scheduler: SchedulerType) {
        headline = state.asInfallible()
            .compactMap { $0 }
            .map { "\($0.name) at \($0.head)" }
            .distinctUntilChanged()

        disposeBag.insert {
            refresh
                .throttle(.seconds(10), latest: false, scheduler: scheduler)
                .withUnretained(self)
                .flatMapLatest { viewModel, _ in
                    fetch()
                        .decode(type: ProjectState.self, decoder: JSONDecoder())
                        .map(Optional.some)
                        .asInfallible(onErrorJustReturn: viewModel.state.value)
                }
                .debug("refresh", trimOutput: true)
                .bind(to: state)
        }
    }
}

/// Wires the view-model to a board the RxSwift way and returns what keeps the bindings alive.
func runRxSwiftStyleProgram(
    board: StatusBoard,
    viewModel: ProjectViewModel,
    scheduler: ImmediateSchedulerType
) -> DisposeBag {
    DisposeBag {
        viewModel.headline
            .subscribe(with: board, onNext: { board, line in board.headline = line })
        viewModel.headline.asObservable()
            .bind(to: board.rx.append(on: scheduler))
        viewModel.headline.asObservable()
            .bind(to: board.rx.headline)
    }
}
