import Foundation
import Logging
import Notifier
import Synchronization

/// An instance's `token_file`, re-read while glwatch runs so that a rotated token takes effect without a
/// restart: at most every `interval` before requests, and at once after GitLab answered 401.
///
/// The file is trimmed like at start-up. A file that cannot be read, is empty or has a control character inside the
/// token keeps the token in use and is logged once per problem, naming the file and never the token.
final class TokenFileCredentials: GitLabCredentialSource {
    /// The file.
    let path: String
    private let kind: GitLabAuthKind
    private let environment: any ConfigEnvironment
    private let now: @Sendable () -> Date
    private let interval: TimeInterval
    private let logger: Logger
    private let state: Mutex<State>

    private struct State {
        var token: String
        var lastRead: Date?
        var problem: String?
    }

    /// Creates the source for `path`, whose token `current` is in use now.
    ///
    /// - parameter kind: How the token is sent (`auth:`).
    /// - parameter now: The clock that paces re-reads (the scheduler's).
    /// - parameter interval: The shortest time between two reads that no 401 asked for.
    init(
        path: String,
        kind: GitLabAuthKind,
        current: GitLabSecret,
        environment: any ConfigEnvironment,
        now: @escaping @Sendable () -> Date,
        interval: TimeInterval = 10,
        logger: Logger
    ) {
        self.path = path
        self.kind = kind
        self.environment = environment
        self.now = now
        self.interval = interval
        self.logger = logger
        self.state = Mutex(State(token: current.exposedValue, lastRead: now()))
    }

    /// The token file's new token, when it changed since it was last read.
    func changedAuth(rejected: Bool) -> GitLabAuth? {
        let time = now()
        let due = state.withLock { state -> Bool in
            guard rejected || state.lastRead.map({ time.timeIntervalSince($0) >= interval }) ?? true else {
                return false
            }
            state.lastRead = time
            return true
        }
        guard due else { return nil }
        let read: Result<String, TokenFileProblem>
        do {
            let text = try environment.contentsOfFile(atPath: path).trimmingCharacters(in: .whitespacesAndNewlines)
            read =
                text.isEmpty
                ? .failure(.empty)
                : Secret.controlCharacterPosition(in: text) != nil ? .failure(.controlCharacter) : .success(text)
        } catch {
            read = .failure(.unreadable)
        }
        switch read {
        case .failure(let problem):
            let message =
                switch problem {
                case .empty: "is empty"
                case .unreadable: "cannot be read"
                case .controlCharacter: "has a control character (a line break?) inside the token"
                }
            let first = state.withLock { state -> Bool in
                defer { state.problem = message }
                return state.problem != message
            }
            if first {
                logger.error(
                    "GitLab token file \(message); the token in use stays",
                    metadata: ["file": "\(path)", "rejected": "\(rejected)"]
                )
            }
            return nil
        case .success(let token):
            let changed = state.withLock { state -> Bool in
                state.problem = nil
                guard state.token != token else { return false }
                state.token = token
                return true
            }
            guard changed else { return nil }
            logger.notice("GitLab token file changed: using its new token", metadata: ["file": "\(path)"])
            return kind.auth(token: GitLabSecret(token))
        }
    }

    private enum TokenFileProblem: Error { case empty, unreadable, controlCharacter }
}
