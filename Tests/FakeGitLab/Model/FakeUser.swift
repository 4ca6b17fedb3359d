/// A user of the fake GitLab (a handle: the user lives in the fake).
public struct FakeUser: Sendable, Hashable {
    /// The user's numeric id.
    public let id: Int64
    /// The username.
    public let username: String
    /// The display name.
    public let name: String
    /// The primary email.
    public let email: String
    /// The UTC offset of the user's commits, in minutes.
    public let utcOffsetMinutes: Int

    /// The user as a commit author.
    public var author: FakeAuthor { FakeAuthor(name: name, email: email, utcOffsetMinutes: utcOffsetMinutes) }
}
