extension ConfigSection {
    /// `hooks:`: the webhook listener of instant mode.
    static let hooks = ConfigSection(
        title: "hooks",
        keys: [
            ConfigKey("listen", .string, default: "0.0.0.0:9095", "The address GitLab's webhooks are received on."),
            ConfigKey("path", .string, default: "/gitlab", "The URL path GitLab posts to."),
            ConfigKey("token_env", .string, "The environment variable holding the hooks' secret token."),
            ConfigKey("token_file", .string, "A file holding the hooks' secret token (relative to the config file)."),
            ConfigKey(
                "instance",
                .string,
                default: "the only gitlab instance",
                "The GitLab instance (a name under `gitlab:`) whose project ids the hooks carry."
            ),
            ConfigKey(
                "max_body_bytes",
                .integer(minimum: 1024),
                default: "4194304",
                "The largest webhook body accepted; larger ones are answered 413."
            ),
        ]
    )
}
