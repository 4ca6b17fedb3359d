/// Where a secret setting's value came from: the config itself, an environment variable or a file.
struct SecretSource {
    /// The key it was given with, for example `url_env`.
    var keyName: String
    /// For status output: `config`, `env SLACK_URL`, `file /run/secrets/slack`.
    var display: String
}
