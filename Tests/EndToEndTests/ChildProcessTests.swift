import ChildProcess
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The tests' own child processes: what the end-to-end, crash and email tests rely on, including the case that
/// made Foundation's `Process` crash the whole test bundle (a parent holding thousands of descriptors).
@Suite struct ChildProcessTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func testSpawn_whileTheParentHolds2000Descriptors_startsAndTheChildInheritsNoneOfThem() async throws {
        // Given a parent holding 2,000 more open descriptors than usual (as Swift Testing's parallel tests do)
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        try #require(limit.rlim_cur > 2_200, "the descriptor limit (\(limit.rlim_cur)) is too low for this test")
        let held = (0..<2_000).map { _ in open("/dev/null", O_RDONLY | O_CLOEXEC) }
        defer { for fd in held { close(fd) } }
        try #require(held.allSatisfy { $0 >= 0 })

        // When a child lists its own descriptors
        let child = try ChildProcess(shell, arguments: ["-c", "ls /proc/self/fd"], standardOutput: .pipe)
        let listing = String(decoding: child.standardOutput!.readDataToEndOfFile(), as: UTF8.self)
        let end = await child.exit()

        // Then it ran, and holds only its standard streams (and the directory `ls` reads)
        #expect(end == .success)
        let descriptors = listing.split(separator: "\n").compactMap { Int($0) }
        #expect(descriptors.filter { $0 > 3 }.isEmpty, "inherited: \(descriptors)")
        #expect(Set([0, 1, 2]).isSubset(of: descriptors))
    }

    @Test
    func testStream_handsOverEveryChunkBeforeTheExitIsReported_withTheEnvironmentAndDirectoryGiven() async throws {
        // Given a child that writes to both streams in a chosen directory and environment
        let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        let output = Mutex("")
        let errors = Mutex("")
        let reported = Mutex<(String, String)?>(nil)
        let child = try ChildProcess(
            shell,
            arguments: ["-c", "pwd; echo \"$GREETING\"; echo oops >&2; exit 3"],
            environment: ["GREETING": "hello"],
            directory: directory,
            standardOutput: .stream { data in output.withLock { $0 += String(decoding: data, as: UTF8.self) } },
            standardError: .stream { data in errors.withLock { $0 += String(decoding: data, as: UTF8.self) } },
            onExit: { _ in reported.withLock { $0 = (output.withLock { $0 }, errors.withLock { $0 }) } }
        )

        // When it ends
        let end = await child.exit()

        // Then its status is reported, and only after all it wrote was handed over
        #expect(end == Termination(status: 3, signalled: false))
        #expect(reported.withLock { $0?.0 } == "\(directory.path)\nhello\n")
        #expect(reported.withLock { $0?.1 } == "oops\n")
        #expect(!child.isRunning)
    }

    @Test func testSend_SIGKILL_isReportedAsThatSignal_bothToBlockingAndAsyncWaiters() async throws {
        let child = try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
        #expect(child.isRunning)

        child.send(SIGKILL)

        #expect(await child.exit() == .killed(by: SIGKILL))
        #expect(child.waitUntilExit() == .killed(by: SIGKILL))
        #expect(child.termination == .killed(by: SIGKILL))
    }

    @Test func testSpawn_fromAThreadBlockingEverySignal_theChildStillDiesOfSIGTERM() async throws {
        // Given a spawning thread that blocks every signal (as libdispatch's worker threads do)
        let spawned = Mutex<Result<ChildProcess, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            spawned.withLock { $0 = Result { try ChildProcess(URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"]) } }
            done.signal()
        }
        thread.start()
        done.wait()
        let child = try #require(spawned.withLock { $0 }).get()

        // When it is sent SIGTERM
        child.send(SIGTERM)

        // Then it ends of it (an inherited mask would leave it sleeping, and the test's time limit would say so)
        #expect(await child.exit() == .killed(by: SIGTERM))
    }

    @Test func testSpawn_missingExecutable_isAnErrorNamingIt() {
        #expect {
            _ = try ChildProcess(URL(fileURLWithPath: "/nonexistent/glwatch"))
        } throws: { error in
            String(describing: error).contains("cannot start /nonexistent/glwatch")
        }
    }

    typealias Termination = ChildProcess.Termination
}
