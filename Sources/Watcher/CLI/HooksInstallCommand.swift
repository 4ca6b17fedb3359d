import ArgumentParser
import Foundation
import Notifier
import RxCore

/// `glwatch hooks install`: registers the webhook on a project or group through GitLab's API.
struct HooksInstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Register the webhook on a project or group through GitLab's API.",
        discussion: """
            Adds a webhook posting push and tag push events to --public-url + hooks.path with the hooks' secret \
            token, on the instance named by hooks.instance, unless one with that URL is already there. It needs \
            a token with the `api` scope (glwatch's usual `read_api` token cannot add hooks) and the Maintainer \
            role on the project; group webhooks need GitLab Premium or Ultimate and the Owner role. Run it with \
            the instance's token variable pointing at such a token for once.

            Examples:
              glwatch hooks install --project acme/api --public-url https://glwatch.example.com
              GITLAB_TOKEN=$ADMIN_TOKEN glwatch hooks install --group acme --public-url https://glwatch.example.com
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The project, by path or id.", valueName: "path-or-id")) var project: String?

    @Option(help: ArgumentHelp("The group, by path or id.", valueName: "path-or-id")) var group: String?

    @Option(help: ArgumentHelp("How GitLab reaches glwatch: scheme, host and port.", valueName: "url"))
    var publicURL: String

    func validate() throws {
        guard (project == nil) != (group == nil) else {
            throw ValidationError("give exactly one of --project and --group")
        }
    }

    func run() async throws {
        let config: GLWatchConfig
        do {
            config = try options.load(in: ProcessConfigSystem())
        } catch let error as ConfigError {
            try? StandardErrorOutput().write(error.diagnostics.map { "\($0)\n" }.joined())
            throw ExitCode(1)
        }
        do {
            guard let hooks = config.hooks else {
                throw CLIError("\(config.file) has no \"hooks:\" section: add one first (docs/instant-mode.md)")
            }
            let url = try HooksURLCommand.hookURL(hooks, publicURL: publicURL)
            guard let instance = config.instance(named: hooks.instance) else {
                throw CLIError("no gitlab instance named \"\(hooks.instance)\"")
            }
            let transport = try AsyncHTTPClientGitLabTransport(configuration: instance.transportConfiguration)
            var configuration = instance.clientConfiguration(userAgent: "glwatch/\(GLWatchVersion.current)")
            configuration.retry = .gitLab(maximumRetries: 0)  // a retried create could add the hook twice
            let client = GitLabClient(
                host: instance.url,
                auth: instance.auth,
                transport: transport,
                scheduler: ConcurrentDispatchQueueScheduler(qos: .default),
                configuration: configuration
            )
            let owner: GitLabHooksAPI.Owner =
                if let project { .project(Int64(project).map(GitLabProjectRef.id) ?? .path(project)) } else {
                    .group(Int64(group!).map(GitLabGroupRef.id) ?? .path(group!))
                }
            let result = await Self.install(client: client, owner: owner, url: url, token: hooks.token)
            try? await transport.shutdown()
            try StandardOutput().write(try result.get())
        } catch let error as CLIError {
            try? StandardErrorOutput().write("glwatch: \(error)\n")
            throw ExitCode(error.exitStatus)
        }
    }

    /// Adds the hook unless one posting to `url` exists; says what was done, or why it could not be.
    static func install(
        client: GitLabClient,
        owner: GitLabHooksAPI.Owner,
        url: String,
        token: Secret
    ) async -> Result<String, CLIError> {
        do {
            if let existing = try await client.hooks.list(owner).first(where: { $0.url == url }) {
                return .success("\(owner) already has webhook \(existing.id) posting to \(url); nothing changed\n")
            }
            let hook = try await client.hooks.create(owner, url: url, token: token.reveal())
            return .success(
                "added webhook \(hook.id) to \(owner): \(url), push and tag push events, with the secret token\n"
            )
        } catch {
            return .failure(CLIError(explain(error, owner: owner)))
        }
    }

    /// What went wrong, and what to do about it.
    static func explain(_ error: GitLabError, owner: GitLabHooksAPI.Owner) -> String {
        switch (error.status, owner) {
        case (401, _):
            return "cannot add a webhook to \(owner): GitLab refused the token (401): is it valid and unexpired?"
        case (403, _):
            return "cannot add a webhook to \(owner): the token needs the api scope (read_api cannot add hooks) and "
                + "the Maintainer role (Owner for a group) — GitLab answered 403"
        case (404, .group):
            return "cannot add a webhook to \(owner): GitLab answered 404 — group webhooks need GitLab Premium or "
                + "Ultimate, or the group does not exist for this token"
        case (404, .project):
            return "cannot add a webhook to \(owner): GitLab answered 404 — the project does not exist for this token"
        default:
            return "cannot add a webhook to \(owner): \(error)"
        }
    }
}
