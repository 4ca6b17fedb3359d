import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The soak's last line of defence for `--time-limit`: should the soak itself hang past its time limit (a wait
/// that never ends, a deadlock), a plain thread — independent of Swift concurrency, which a hang may have
/// stalled — prints what the soak said last and the end of the children's log, kills the children and exits 1, so
/// that whoever waits for the soak gets a failure that says where it stood instead of a bare time-out.
final class SoakWatchdog: Sendable {
    private let lastSaid = Mutex("nothing yet")
    private let disarmed = Atomic<Bool>(false)
    private let decided = Atomic<Bool>(false)

    /// Starts watching: fires `limit` from now unless `disarm()` was called, handing `fire` what to print (what
    /// the soak said last and the end of the children's log at `log`); by default it prints that, kills the
    /// children and exits 1.
    init(limit: Duration, log: URL, fire: @escaping @Sendable (String) -> Void = SoakWatchdog.failAndExit) {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        let thread = Thread { [self] in
            Thread.sleep(forTimeInterval: seconds)
            defer { decided.store(true, ordering: .sequentiallyConsistent) }
            guard !disarmed.load(ordering: .sequentiallyConsistent) else { return }
            let last = lastSaid.withLock { $0 }
            fire(
                "soak: FAIL — still running after its time limit (\(limit)); it last said: \(last)\n"
                    + "the children's log ends:\n" + Self.tail(of: log)
            )
        }
        thread.name = "soak watchdog"
        thread.start()
    }

    /// Prints `message`, kills the children and exits 1.
    @Sendable static func failAndExit(_ message: String) {
        print(message)
        fflush(nil)
        for pid in SoakChild.running { kill(pid, SIGKILL) }
        exit(1)
    }

    /// Notes a progress line the soak printed (the one shown should the watchdog fire).
    func said(_ line: String) {
        lastSaid.withLock { $0 = line }
    }

    /// The soak has ended by itself: the watchdog will not fire.
    func disarm() {
        disarmed.store(true, ordering: .sequentiallyConsistent)
    }

    /// Whether the limit has passed and the watchdog has fired or stood down (so a test can wait for that, not
    /// for a while). Never true after the default `fire`, which exits.
    var hasDecided: Bool { decided.load(ordering: .sequentiallyConsistent) }

    /// The last 40 lines of the children's log at `log`.
    static func tail(of log: URL) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(40).joined(separator: "\n")
    }
}
