import ArgumentParser
import Foundation
import Notifier

/// `glwatch init`: writes a commented starter config that `glwatch check` accepts as it is.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter config.",
        discussion: """
            The starter watches one public gitlab.com project without a token (or the projects, GitLab and \
            token variable you name) and prints notifications on stdout; every other option is there, \
            commented, with its default. It passes `glwatch check` as written (once a named token variable \
            is set). An existing file is kept unless you pass --force.

            Examples:
              glwatch init                      # writes ./glwatch.yml
              glwatch init --project acme/api --project acme/web --token-env GITLAB_TOKEN
              glwatch init --url https://gitlab.example.com --project 42 --token-env TOKEN
              glwatch init ~/.config/glwatch/config.yml
              glwatch init --force glwatch.yml  # overwrite
            """
    )

    @Argument(help: ArgumentHelp("Where to write the config.", valueName: "path"))
    var path = "glwatch.yml"

    @Flag(help: "Overwrite the file if it exists.")
    var force = false

    @Option(help: ArgumentHelp("The GitLab base URL (default: https://gitlab.com).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("The environment variable holding your GitLab token.", valueName: "name"))
    var tokenEnv: String?

    @Option(
        name: .customLong("project"),
        help: ArgumentHelp("A project to watch, by path or id (repeatable).", valueName: "path")
    )
    var projects: [String] = []

    func validate() throws {
        if let url {
            guard let components = URLComponents(string: url), ["http", "https"].contains(components.scheme),
                components.host?.isEmpty == false
            else { throw ValidationError("--url must be an http(s) URL like https://gitlab.example.com") }
        }
        if let tokenEnv, !EnvironmentExpander.isVariableName(tokenEnv) {
            throw ValidationError("--token-env must be an environment variable name like GITLAB_TOKEN")
        }
        let word = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./")
        for project in projects where project.isEmpty || !project.allSatisfy(word.contains) {
            throw ValidationError("--project must be a project path like acme/api, or an id (got \"\(project)\")")
        }
    }

    func run() throws {
        let status = Self.write(
            StarterConfig.text(url: url, tokenEnv: tokenEnv, projects: projects),
            to: path,
            tokenEnv: tokenEnv,
            force: force,
            system: ProcessConfigSystem(),
            writeFile: { text, path in
                let directory = (path as NSString).deletingLastPathComponent
                if !directory.isEmpty {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                }
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            },
            output: StandardOutput(),
            errors: StandardErrorOutput()
        )
        if status != 0 { throw ExitCode(status) }
    }

    /// Writes the starter config unless the file exists (and `force` is off); returns the exit status.
    static func write(
        _ text: String = StarterConfig.text,
        to path: String,
        tokenEnv: String? = nil,
        force: Bool,
        system: any ConfigSystem,
        writeFile: (String, String) throws -> Void,
        output: any TextOutput,
        errors: any TextOutput
    ) -> Int32 {
        if system.fileExists(atPath: path), !force {
            try? errors.write("\(path) already exists; pass --force to overwrite it\n")
            return 1
        }
        do {
            try writeFile(text, path)
        } catch {
            try? errors.write("cannot write \(path): \(error.localizedDescription)\n")
            return 1
        }
        let check =
            path == "glwatch.yml" || path == "./glwatch.yml" ? "glwatch check" : "glwatch check --config \(path)"
        let token = tokenEnv.map { " export \($0) (a token with read_api)," } ?? ""
        try? output.write("Wrote \(path). Next: edit it,\(token) then run `\(check)` and `glwatch run`.\n")
        return 0
    }
}
