extension GitLabClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `GitLabClient(gitlab.example.com)`: the host only, never credentials.
    public var description: String { "GitLabClient(\(hostName))" }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// A mirror showing the host and the user agent only.
    public var customMirror: Mirror {
        Mirror(self, children: ["host": hostName, "userAgent": configuration.userAgent], displayStyle: .class)
    }
}
