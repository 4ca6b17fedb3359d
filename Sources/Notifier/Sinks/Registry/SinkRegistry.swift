/// The kinds of sink glwatch has, in the order `type:` lists them: adding a sink is its folder plus one line
/// here.
enum SinkRegistry {
    /// Every definition.
    static let definitions: [any SinkDefinition] = [
        StdoutDefinition(),
        WebhookDefinition(),
        SlackDefinition(),
        MattermostDefinition(),
        DiscordDefinition(),
        TeamsDefinition(),
        GoogleChatDefinition(),
        NtfyDefinition(),
        TelegramDefinition(),
        MatrixDefinition(),
        GotifyDefinition(),
        EmailDefinition(),
    ]

    /// The definition of a kind, or `nil` for an unknown one.
    static func definition(for kind: SinkKind) -> (any SinkDefinition)? {
        definitions.first { $0.kind == kind }
    }

    /// The definition whose notification URLs use `scheme` (compared case-insensitively).
    static func definition(forScheme scheme: String) -> (any SinkDefinition)? {
        let scheme = scheme.lowercased()
        return definitions.first { $0.urlSchemes.contains(scheme) }
    }

    /// Every notification-URL scheme, for messages.
    static var schemes: [String] { definitions.flatMap(\.urlSchemes) }
}
