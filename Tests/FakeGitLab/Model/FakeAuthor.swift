/// Who wrote a commit: a name, an email and the UTC offset their clock used.
///
/// Authors need not be users (most commit authors on GitLab are not); `FakeUser.author` gives a user's.
public struct FakeAuthor: Sendable, Hashable {
    /// The name written in commits.
    public var name: String
    /// The email written in commits (GitLab groups contributors by it exactly).
    public var email: String
    /// The author's offset from UTC in minutes (`120` for +02:00), written into commit dates.
    public var utcOffsetMinutes: Int

    /// Creates an author.
    public init(name: String, email: String, utcOffsetMinutes: Int = 0) {
        self.name = name
        self.email = email
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// The author of commits made without naming one.
    public static let `default` = FakeAuthor(name: "Fake Committer", email: "committer@fake.gitlab.test")
}
