extension ConfigSection {
    /// One credential under `metrics: auth:`.
    static let operationsAuth = ConfigSection(
        title: "metrics credential",
        keys: [
            ConfigKey("username", .string, "The user name of a basic-auth credential."),
            ConfigKey("password_env", .string, "The environment variable holding its password."),
            ConfigKey("password_file", .string, "A file holding its password (relative to the config file)."),
            ConfigKey("token_env", .string, "The environment variable holding a bearer token."),
            ConfigKey("token_file", .string, "A file holding a bearer token (relative to the config file)."),
        ]
    )
}
