import ArgumentParser
import Notifier

/// `glwatch schema`: prints the config's JSON Schema, for editor completion.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the config's JSON Schema (for editor completion and validation).",
        discussion: """
            The schema is generated from the tables `glwatch check` validates against, so it always matches \
            this version of glwatch. Editors with the YAML language server (VS Code, Neovim, Helix, …) use it \
            through a modeline at the top of the config.

            Example:
              glwatch schema > ~/.config/glwatch/glwatch.schema.json
              # then, as the first line of glwatch.yml:
              # yaml-language-server: $schema=/home/me/.config/glwatch/glwatch.schema.json
            """
    )

    func run() throws {
        try StandardOutput().write(ConfigSchema.json() + "\n")
    }
}
