/// A condition on a commit author: patterns on the name, the e-mail address, or either.
///
/// Every group that is given must hold; within a group any pattern may match. E-mail globs ignore case.
public struct PersonPattern: Sendable, Hashable {
    /// Patterns the name must match (any of them).
    public var names: [TextPattern]
    /// Patterns the e-mail address must match (any of them).
    public var emails: [TextPattern]
    /// Patterns the name or the e-mail address must match (any of them): the shorthand `author: "*bot*"`.
    public var nameOrEmail: [TextPattern]

    /// Creates an author condition.
    public init(names: [TextPattern] = [], emails: [TextPattern] = [], nameOrEmail: [TextPattern] = []) {
        self.names = names
        self.emails = emails
        self.nameOrEmail = nameOrEmail
    }

    /// Whether `person` satisfies every group given.
    public func matches(_ person: Person) -> Bool {
        if !names.isEmpty, !names.contains(where: { $0.matches(person.name) }) { return false }
        if !emails.isEmpty, !emails.contains(where: { $0.matches(person.email) }) { return false }
        if !nameOrEmail.isEmpty,
            !nameOrEmail.contains(where: { $0.matches(person.name) || $0.matches(person.email) })
        {
            return false
        }
        return true
    }
}
