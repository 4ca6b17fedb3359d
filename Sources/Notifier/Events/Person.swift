/// A commit author or committer as git records it.
public struct Person: Sendable, Hashable, Codable {
    /// The display name.
    public var name: String
    /// The e-mail address, as recorded (compare case-insensitively).
    public var email: String

    /// Creates a person.
    public init(name: String, email: String) {
        self.name = name
        self.email = email
    }
}
