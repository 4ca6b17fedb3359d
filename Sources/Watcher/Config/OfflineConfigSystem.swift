import Notifier

/// A config system that reads the config, its rules files and templates but no secrets: `glwatch check --offline`.
///
/// Secrets named by `token_env`/`token_file`, `url_env`/`url_file`, `secret_env`/`secret_file`, header `env`/`file`
/// and the `ca_file` of a GitLab instance are checked for their form (exactly one key, a string) but not read, so a
/// config can be linted in CI, where those variables and files do not exist. `${VAR}` references in values are
/// still expanded where the variable is set (they can change what the config means); an unset one is taken as given
/// (`EnvironmentExpander`), so a notification URL with `${SMTP_PASSWORD}` in it checks without the password.
struct OfflineConfigSystem: ConfigSystem {
    /// The system whose config, rules files and templates are read.
    let base: any ConfigSystem

    /// Wraps `base`.
    init(_ base: any ConfigSystem) { self.base = base }

    /// Never: secrets are checked for form only.
    var readsSecrets: Bool { false }

    /// The base system's variable.
    func variable(named name: String) -> String? { base.variable(named: name) }

    /// The base system's file.
    func contentsOfFile(atPath path: String) throws -> String { try base.contentsOfFile(atPath: path) }

    /// Whether the base system has the file.
    func fileExists(atPath path: String) -> Bool { base.fileExists(atPath: path) }

    /// The base system's files.
    func files(under directory: String) -> [String] { base.files(under: directory) }
}
