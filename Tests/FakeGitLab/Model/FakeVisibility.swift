/// A project's or group's visibility in the fake.
public enum FakeVisibility: String, Sendable, Hashable {
    /// Anyone, signed in or not.
    case `public`
    /// Any signed-in user.
    case `internal`
    /// Members only; everyone else gets GitLab's 404.
    case `private`
}
