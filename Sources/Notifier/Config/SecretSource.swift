/// Where a secret setting's value came from: the config itself, an environment variable or a file.
public struct SecretSource: Sendable {
    /// The key it was given with, for example `url_env`.
    public var keyName: String
    /// For status output: `config`, `env SLACK_URL`, `file /run/secrets/slack`.
    public var display: String
}
