import ArgumentParser
import Notifier

/// `glwatch check`: validates the config, its rules files and templates, like `amtool check-config`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the config, its rules files and templates.",
        discussion: """
            Reads the config the way `glwatch run` does — environment variables, token and secret files, \
            rules files and templates included — and reports every problem at once, one per line as \
            file:line:column: message. Exits 0 with a one-line summary when everything is valid, 1 otherwise. \
            Warnings (a sink no rule uses, nothing to watch) are printed too but do not fail the check.

            --offline validates everything except the secrets: variables and files named by *_env and *_file \
            keys (and ca_file) are not read, and a ${VAR} whose variable is not set is taken as given (the value \
            holding it is not judged), so a config can be linted in CI where they do not exist.

            Examples:
              glwatch check
              glwatch check --config /etc/glwatch/glwatch.yml
              GITLAB_TOKEN=… SLACK_URL=… glwatch check -c examples/chatops.yml
              glwatch check --offline -c deploy/glwatch.yml     # in CI, without the secrets
            """
    )

    @OptionGroup var options: ConfigOptions

    @Flag(help: "Check everything but the secrets: *_env variables and *_file files (and ca_file) are not read.")
    var offline = false

    func run() throws {
        let status = Self.check(
            options: options,
            offline: offline,
            system: ProcessConfigSystem(),
            output: StandardOutput(),
            errors: StandardErrorOutput()
        )
        if status != 0 { throw ExitCode(status) }
    }

    /// Checks the config and prints the summary to `output` or the problems to `errors`; returns the exit status.
    ///
    /// With `offline`, secrets are not read (`OfflineConfigSystem`). Without it, when the only problems are secrets
    /// this machine cannot read, the errors end by saying that `--offline` would pass.
    static func check(
        options: ConfigOptions,
        offline: Bool = false,
        system: any ConfigSystem,
        output: any TextOutput,
        errors: any TextOutput
    ) -> Int32 {
        do {
            let config = try options.load(in: offline ? OfflineConfigSystem(system) : system)
            let warnings = config.warnings.map { "\($0.file):\($0.line):\($0.column): warning: \($0.message)\n" }
            try? errors.write(warnings.joined())
            try? output.write(summary(of: config) + (offline ? " (offline: secrets not read)" : "") + "\n")
            return 0
        } catch let error as ConfigError {
            try? errors.write(error.diagnostics.map { "\($0)\n" }.joined())
            let count = error.diagnostics.count
            try? errors.write("\(count) problem\(count == 1 ? "" : "s") found\n")
            if !offline, (try? options.load(in: OfflineConfigSystem(system))) != nil {
                try? errors.write(
                    "`glwatch check --offline` would pass: only secrets this machine cannot read are missing\n"
                )
            }
        } catch {
            try? errors.write("\(error)\n")
        }
        return 1
    }

    /// `glwatch.yml: OK — 1 GitLab instance, 2 watch targets, 2 sinks, 4 rules (2 rules files), 1 template`.
    static func summary(of config: GLWatchConfig) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var parts = [
            count(config.instances.count, "GitLab instance"),
            count(config.watchTargets.count, "watch target"),
            count(config.notifier.sinks.count, "sink"),
            count(config.notifier.rules.rules.count, "rule"),
        ]
        if !config.includedFiles.isEmpty { parts[3] += " (\(count(config.includedFiles.count, "file")) included)" }
        if !config.notifier.templates.isEmpty { parts.append(count(config.notifier.templates.count, "template")) }
        if !config.warnings.isEmpty { parts.append(count(config.warnings.count, "warning")) }
        return "\(config.file): OK — \(parts.joined(separator: ", "))"
    }
}
