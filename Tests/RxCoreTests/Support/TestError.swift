/// Errors the RxCore tests push through sequences and throw from operator closures. `RxCoreTest` compares errors
/// by type and description, so two different cases never compare equal.
enum TestError: Error {
    case boom
    case other
}
