/// The conditions a rule puts on individual commits (author, message, trailers, merges).
///
/// A rule's `commit_match` says whether any commit or all of an event's commits must satisfy them.
public struct CommitConditions: Sendable, Hashable {
    /// The author must match.
    public var author: PersonPattern?
    /// The author must not match.
    public var notAuthor: PersonPattern?
    /// The full message must match one of these.
    public var message: [TextPattern]
    /// The title (first line) must match one of these.
    public var title: [TextPattern]
    /// Trailers that must be present (key compared case-insensitively), each with patterns one of its values
    /// must match (none: any value).
    public var trailers: [String: [TextPattern]]
    /// Trailers that must be absent (for example `Signed-off-by` for a DCO reminder).
    public var withoutTrailers: [String]
    /// `true`: only merge commits; `false`: only non-merge commits.
    public var merge: Bool?

    /// Creates commit conditions; none given means any commit matches.
    public init(
        author: PersonPattern? = nil,
        notAuthor: PersonPattern? = nil,
        message: [TextPattern] = [],
        title: [TextPattern] = [],
        trailers: [String: [TextPattern]] = [:],
        withoutTrailers: [String] = [],
        merge: Bool? = nil
    ) {
        self.author = author
        self.notAuthor = notAuthor
        self.message = message
        self.title = title
        self.trailers = trailers
        self.withoutTrailers = withoutTrailers
        self.merge = merge
    }

    /// Whether no condition is set.
    public var isEmpty: Bool {
        author == nil && notAuthor == nil && message.isEmpty && title.isEmpty && trailers.isEmpty
            && withoutTrailers.isEmpty && merge == nil
    }

    /// Whether `commit` satisfies every condition.
    public func matches(_ commit: Commit) -> Bool {
        if let author, !author.matches(commit.author) { return false }
        if let notAuthor, notAuthor.matches(commit.author) { return false }
        if !message.isEmpty, !message.contains(where: { $0.matches(commit.message) }) { return false }
        if !title.isEmpty, !title.contains(where: { $0.matches(commit.title) }) { return false }
        if let merge, commit.isMerge != merge { return false }
        for (key, patterns) in trailers {
            let values = Self.trailerValues(commit, key)
            guard !values.isEmpty else { return false }
            if !patterns.isEmpty, !values.contains(where: { value in patterns.contains { $0.matches(value) } }) {
                return false
            }
        }
        for key in withoutTrailers where !Self.trailerValues(commit, key).isEmpty { return false }
        return true
    }

    private static func trailerValues(_ commit: Commit, _ key: String) -> [String] {
        commit.trailers.filter { $0.key.caseInsensitiveCompare(key) == .orderedSame }.flatMap(\.value)
    }
}
