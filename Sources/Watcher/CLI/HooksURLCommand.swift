import ArgumentParser
import Foundation
import Notifier

/// `glwatch hooks url`: prints what to paste into GitLab's webhook form for the config's `hooks:` section.
struct HooksURLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Print the webhook URL, secret token and triggers to paste into GitLab.",
        discussion: """
            The URL is --public-url (how GitLab reaches this machine, through any proxy) followed by \
            hooks.path; without it, the listen address is shown, which GitLab can reach only when it is \
            this machine's public address. The secret token is printed only with --show-token (it is a \
            secret: glwatch never prints it otherwise).

            Examples:
              glwatch hooks url --public-url https://glwatch.example.com
              glwatch hooks url --public-url https://glwatch.example.com --show-token
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("How GitLab reaches glwatch: scheme, host and port.", valueName: "url"))
    var publicURL: String?

    @Flag(help: "Print the secret token itself.")
    var showToken = false

    func run() throws {
        let system = ProcessConfigSystem()
        let config: GLWatchConfig
        do {
            config = try options.load(in: system)
        } catch let error as ConfigError {
            try? StandardErrorOutput().write(error.diagnostics.map { "\($0)\n" }.joined())
            throw ExitCode(1)
        }
        do {
            try StandardOutput().write(try Self.report(config, publicURL: publicURL, showToken: showToken))
        } catch let error as CLIError {
            try? StandardErrorOutput().write("glwatch: \(error)\n")
            throw ExitCode(1)
        }
    }

    /// The text to paste into GitLab.
    ///
    /// - throws: `CLIError` when the config has no `hooks:` section or `publicURL` is not an http(s) URL.
    static func report(_ config: GLWatchConfig, publicURL: String?, showToken: Bool) throws(CLIError) -> String {
        guard let hooks = config.hooks else {
            throw CLIError(
                "\(config.file) has no \"hooks:\" section: add one to listen for webhooks (docs/instant-mode.md)"
            )
        }
        let url = try hookURL(hooks, publicURL: publicURL)
        let token = showToken ? hooks.token.reveal() : "the value of \(hooks.tokenSource) (--show-token prints it)"
        let instance =
            config.instance(named: hooks.instance).map { "\($0.name) (\($0.url.absoluteString))" } ?? hooks.instance
        var lines = [
            "Project or group webhook (Settings → Webhooks → Add new webhook; group webhooks need GitLab Premium):",
            "  URL               \(url)",
            "  Secret token      \(token)",
            "  Trigger           [x] Push events (all branches)   [x] Tag push events",
            "  SSL verification  on (keep it on with an https URL)",
            "",
            "Or a system hook for the whole instance (Admin → System hooks; administrators of self-managed GitLab):",
            "  the same URL and secret token; triggers [x] Push events  [x] Tag push events",
            "  (project create, destroy, rename and transfer hooks are always sent: they wake discovery)",
            "",
            "Hooks carry project ids of instance \(instance); glwatch answers 200 within milliseconds and polls at once.",
        ]
        if publicURL == nil {
            lines.append(
                "Note: http://\(hooks.listen) is the listen address; give --public-url with the address GitLab can reach."
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The URL GitLab posts to: `publicURL` (scheme, host, port, an optional path prefix) followed by `hooks.path`;
    /// without it, the listen address.
    ///
    /// - throws: `CLIError` when `publicURL` is not an http(s) URL.
    static func hookURL(_ hooks: HooksConfig, publicURL: String?) throws(CLIError) -> String {
        guard let publicURL else { return "http://\(hooks.listen)\(hooks.path)" }
        guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host != nil, url.query == nil
        else {
            throw CLIError(
                "--public-url must be an http or https URL like https://glwatch.example.com, not \(publicURL.debugDescription)"
            )
        }
        return (publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL) + hooks.path
    }
}
