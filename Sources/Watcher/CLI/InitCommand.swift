import ArgumentParser
import Foundation
import Notifier

/// `glwatch init`: writes a commented starter config that `glwatch check` accepts as it is.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented starter config.",
        discussion: """
            The starter watches one public gitlab.com project without a token and prints notifications on \
            stdout; every other option is there, commented, with its default. It passes `glwatch check` as \
            written. An existing file is kept unless you pass --force.

            Examples:
              glwatch init                      # writes ./glwatch.yml
              glwatch init ~/.config/glwatch/config.yml
              glwatch init --force glwatch.yml  # overwrite
            """
    )

    @Argument(help: ArgumentHelp("Where to write the config.", valueName: "path"))
    var path = "glwatch.yml"

    @Flag(help: "Overwrite the file if it exists.")
    var force = false

    func run() throws {
        let status = Self.write(
            to: path,
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
        to path: String,
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
            try writeFile(StarterConfig.text, path)
        } catch {
            try? errors.write("cannot write \(path): \(error.localizedDescription)\n")
            return 1
        }
        let check =
            path == "glwatch.yml" || path == "./glwatch.yml" ? "glwatch check" : "glwatch check --config \(path)"
        try? output.write("Wrote \(path). Next: edit it, then run `\(check)` and `glwatch run`.\n")
        return 0
    }
}
