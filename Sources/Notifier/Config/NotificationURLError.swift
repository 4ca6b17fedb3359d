/// Why a notification URL cannot be used, said without any of its parts (they may be secrets).
public struct NotificationURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, for example `the chat id is missing`.
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
