import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` for the tests and development tools: the built `glwatch` (in the
/// end-to-end tests and the soak), the crash tests' writers, Chromium, the SMTP server.
///
/// Why not Foundation's `Process`: on Linux it emulates close-on-exec by listing `/proc/self/fd` and copying each
/// entry's whole 256-byte name, which reads past the end of libc's directory buffer once the test process holds
/// about 1,350 descriptors — and Swift Testing runs hundreds of tests at once, each with its own fake GitLab and
/// HTTP connections. The test bundle then dies of SIGSEGV inside `Process.run()` (seen in CI). Here the child
/// closes every descriptor above 2 with glibc's `posix_spawn_file_actions_addclosefrom_np` instead, and pipes are
/// made close-on-exec, so no other child inherits them.
public final class ChildProcess: Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// The test process's own stream.
        case inherit
        /// An open file (a log the output is appended to); the caller keeps it open.
        case file(FileHandle)
        /// A new pipe, whose reading end is `standardOutput` / `standardError`.
        case pipe
        /// A new pipe read on a thread of its own, each chunk handed to the closure as it comes; the child counts
        /// as ended only once everything it wrote was handed over.
        case stream(@Sendable (Data) -> Void)
    }

    /// How the child ended.
    public struct Termination: Sendable, Equatable, CustomStringConvertible {
        /// The exit status, or the signal that ended it.
        public var status: Int32
        /// Whether a signal ended it (`status` is then the signal).
        public var signalled: Bool

        /// A termination: `status`, or the signal when `signalled`.
        public init(status: Int32, signalled: Bool) {
            self.status = status
            self.signalled = signalled
        }

        /// Exit status 0.
        public static let success = Termination(status: 0, signalled: false)

        /// Ended by `signal`.
        public static func killed(by signal: Int32) -> Termination { Termination(status: signal, signalled: true) }

        /// "exit status 0", "signal 9".
        public var description: String { signalled ? "signal \(status)" : "exit status \(status)" }
    }

    private struct State {
        var termination: Termination?
        var waiters: [CheckedContinuation<Termination, Never>] = []
    }

    /// The child's process id.
    public let pid: pid_t
    /// The reading end of the child's standard output, when it is `.pipe`.
    public let standardOutput: FileHandle?
    /// The reading end of the child's standard error, when it is `.pipe`.
    public let standardError: FileHandle?

    private let state = Mutex(State())
    private let exited = NSCondition()

    /// Starts `executable arguments…`.
    ///
    /// - Parameters:
    ///   - environment: exactly this environment; `nil` inherits the test process's.
    ///   - directory: the working directory; `nil` keeps the test process's.
    ///   - onExit: called once, on the reaping thread, when the child has ended and its streamed output was handed
    ///     over (before waiters resume).
    public init(
        _ executable: URL,
        arguments: [String] = [],
        environment: [String: String]? = nil,
        directory: URL? = nil,
        standardOutput: Stream = .null,
        standardError: Stream = .null,
        onExit: (@Sendable (Termination) -> Void)? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A fresh process's signals, as Foundation's Process gives it: the spawning thread may block nearly every
        // signal (libdispatch's worker threads do), and a child inheriting that mask never dies of SIGTERM. Nothing
        // blocked; every signal but SIGKILL and SIGSTOP at its default action (not ignored).
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in 1..<SIGSYS where signal != SIGKILL && signal != SIGSTOP { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Its own process group, as Foundation's Process did: a signal meant for the test runner's group is not
        // delivered to the children too.
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        )

        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var childEnds: [Int32] = []  // closed here once spawned; the reading ends belong to their FileHandles
        defer { for fd in childEnds { close(fd) } }
        func wire(_ stream: Stream, to target: Int32) throws -> FileHandle? {
            switch stream {
            case .inherit:
                return nil
            case .file(let handle):
                posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
                return nil
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
                return nil
            case .pipe, .stream:
                var fds: [Int32] = [-1, -1]
                // Close-on-exec from the start (atomically: tests run side by side, and a child another one spawns
                // between a `pipe` and an `fcntl` would hold the writing end, so the reader would never see the
                // end); children started here close them anyway (closefrom).
                guard let pipe2 = GNUSpawn.pipe2 else { throw ChildProcessError.missing("pipe2") }
                guard pipe2(&fds, O_CLOEXEC) == 0 else { throw ChildProcessError.system("pipe2", errno) }
                childEnds.append(fds[1])
                posix_spawn_file_actions_adddup2(&actions, fds[1], target)  // dup2 clears close-on-exec
                let handle = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
                if case .stream(let handler) = stream { readers.append((handle, handler)) }
                return handle
            }
        }
        var readers: [(FileHandle, @Sendable (Data) -> Void)] = []
        let output = try wire(standardOutput, to: 1)
        let errors = try wire(standardError, to: 2)
        if let directory {
            guard let addChdir = GNUSpawn.addChdir else {
                throw ChildProcessError.missing("posix_spawn_file_actions_addchdir_np")
            }
            _ = addChdir(&actions, directory.path)
        }
        guard let addClosefrom = GNUSpawn.addClosefrom else {
            throw ChildProcessError.missing("posix_spawn_file_actions_addclosefrom_np")
        }
        _ = addClosefrom(&actions, 3)

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp ?? [] { free(pointer) }
        }
        var pid: pid_t = 0
        let result = envp.map { envp in posix_spawn(&pid, executable.path, &actions, &attributes, argv, envp) }
            ?? posix_spawn(&pid, executable.path, &actions, &attributes, argv, environ)
        guard result == 0 else {
            // The handles close their descriptors as they go.
            throw ChildProcessError.spawn(executable.path, result)
        }
        self.pid = pid
        if case .stream = standardOutput { self.standardOutput = nil } else { self.standardOutput = output }
        if case .stream = standardError { self.standardError = nil } else { self.standardError = errors }
        let streams = DispatchGroup()
        for (handle, handler) in readers {
            streams.enter()
            let thread = Thread {
                while true {
                    let chunk = handle.availableData  // blocks; empty at the end of the stream
                    if chunk.isEmpty { break }
                    handler(chunk)
                }
                streams.leave()
            }
            thread.name = "output of \(pid)"
            thread.start()
        }
        startReaper(streams: streams, onExit: onExit)
    }

    /// Whether the child still runs.
    public var isRunning: Bool { state.withLock { $0.termination == nil } }

    /// How it ended; `nil` while it runs.
    public var termination: Termination? { state.withLock { $0.termination } }

    /// Sends `signal` (SIGTERM, SIGKILL…) if it still runs.
    public func send(_ signal: Int32) {
        guard isRunning else { return }
        kill(pid, signal)
    }

    /// Blocks the calling thread until the child has ended.
    @discardableResult
    public func waitUntilExit() -> Termination {
        exited.lock()
        defer { exited.unlock() }
        while true {
            if let termination = state.withLock({ $0.termination }) { return termination }
            exited.wait()
        }
    }

    /// Waits until the child has ended.
    @discardableResult
    public func exit() async -> Termination {
        await withCheckedContinuation { continuation in
            let termination = state.withLock { state -> Termination? in
                if state.termination == nil { state.waiters.append(continuation) }
                return state.termination
            }
            if let termination { continuation.resume(returning: termination) }
        }
    }

    /// One thread per child blocks in `waitpid` for it alone (never `-1`: other children are not ours to reap).
    private func startReaper(streams: DispatchGroup, onExit: (@Sendable (Termination) -> Void)?) {
        let pid = pid
        let thread = Thread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            streams.wait()
            let signal = status & 0x7f
            let termination =
                signal == 0
                ? Termination(status: (status >> 8) & 0xff, signalled: false)
                : Termination(status: signal, signalled: true)
            onExit?(termination)
            let waiters = state.withLock { state in
                state.termination = termination
                defer { state.waiters = [] }
                return state.waiters
            }
            exited.lock()
            exited.broadcast()
            exited.unlock()
            for waiter in waiters { waiter.resume(returning: termination) }
        }
        thread.name = "reaper of \(pid)"
        thread.start()
    }
}

/// glibc's GNU extensions to `posix_spawn` (2.29 and 2.34) and `pipe2` (2.9), which Swift's Glibc module does not
/// declare (they need `_GNU_SOURCE`): looked up by name once.
private enum GNUSpawn {
    typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    static let addChdir = lookUp("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
    static let addClosefrom = lookUp("posix_spawn_file_actions_addclosefrom_np", as: AddClosefrom.self)
    static let pipe2 = lookUp("pipe2", as: Pipe2.self)

    private static func lookUp<F>(_ name: String, as type: F.Type) -> F? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }  // RTLD_DEFAULT
        return unsafeBitCast(symbol, to: type)
    }
}

/// A child process that could not be started.
public enum ChildProcessError: Error, CustomStringConvertible {
    /// `posix_spawn` of the path failed with the error number.
    case spawn(String, Int32)
    /// A system call failed with the error number.
    case system(String, Int32)
    /// The C library lacks a function (glibc older than 2.34).
    case missing(String)

    public var description: String {
        switch self {
        case .spawn(let path, let code): "cannot start \(path): \(String(cString: strerror(code)))"
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .missing(let function): "the C library has no \(function) (glibc 2.34 or later needed)"
        }
    }
}
