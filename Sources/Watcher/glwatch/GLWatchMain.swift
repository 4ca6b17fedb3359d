import Watcher

/// The `glwatch` executable: everything it does lives in the Watcher library, so tests and the development
/// executable (`glwatch-dev`, under Tests/) can import it; this only starts the root command.
///
/// An `@main` type rather than top-level code, so `main()` is ArgumentParser's async entry point.
@main
enum GLWatchMain {
    /// Runs `glwatch` with the process's arguments.
    static func main() async { await GLWatch.main() }
}
