import ArgumentParser
import Notifier

/// `--config FILE`, shared by every command that reads the config.
///
/// Without `--config`, the file is looked up in order: `$GLWATCH_CONFIG`, `./glwatch.yml`, then
/// `$XDG_CONFIG_HOME/glwatch/config.yml` (`~/.config/glwatch/config.yml`).
struct ConfigOptions: ParsableArguments {
    /// The config file given on the command line, if any.
    @Option(
        name: [.customShort("c"), .long],
        help: ArgumentHelp(
            "The config file.",
            discussion: "Default: $GLWATCH_CONFIG, else ./glwatch.yml, else $XDG_CONFIG_HOME/glwatch/config.yml.",
            valueName: "file"
        )
    )
    var config: String?

    /// The config file to read: `--config`, or the first file found in the default places.
    ///
    /// - throws: `ConfigFileNotFound` listing every place looked at.
    func configPath(in system: any ConfigSystem) throws(ConfigFileNotFound) -> String {
        if let config {
            guard system.fileExists(atPath: config) else { throw .missing(config, namedBy: "--config") }
            return config
        }
        if let fromEnvironment = system.variable(named: "GLWATCH_CONFIG"), !fromEnvironment.isEmpty {
            guard system.fileExists(atPath: fromEnvironment) else {
                throw .missing(fromEnvironment, namedBy: "$GLWATCH_CONFIG")
            }
            return fromEnvironment
        }
        let candidates = Self.defaultLocations(variable: system.variable(named:))
        if let found = candidates.first(where: system.fileExists(atPath:)) { return found }
        throw .noneFound(looked: ["$GLWATCH_CONFIG (not set)"] + candidates)
    }

    /// Finds and loads the config.
    ///
    /// - throws: `ConfigFileNotFound`, or `ConfigError` with every problem in the file.
    func load(in system: any ConfigSystem) throws -> GLWatchConfig {
        try GLWatchConfig.load(path: try configPath(in: system), environment: system)
    }

    /// `./glwatch.yml`, then the XDG config location.
    static func defaultLocations(variable: (String) -> String?) -> [String] {
        var locations = ["./glwatch.yml"]
        if let config = variable("XDG_CONFIG_HOME"), config.hasPrefix("/") {
            locations.append("\(config)/glwatch/config.yml")
        } else if let home = variable("HOME"), !home.isEmpty {
            locations.append("\(home)/.config/glwatch/config.yml")
        }
        return locations
    }
}

/// No config file was found; says where glwatch looked and how to make one.
enum ConfigFileNotFound: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file named by `--config` or `$GLWATCH_CONFIG` does not exist.
    case missing(String, namedBy: String)
    /// None of the default places has a config; the places, in the order looked at.
    case noneFound(looked: [String])

    /// What is missing, and `glwatch init` as the way out.
    var description: String {
        switch self {
        case .missing(let path, let source):
            return "config file \(path) (named by \(source)) does not exist; "
                + "run `glwatch init \(path)` to write a starter config"
        case .noneFound(let looked):
            return "no config file found; looked at:\n"
                + looked.map { "  \($0)\n" }.joined()
                + "Run `glwatch init` to write a starter ./glwatch.yml, or pass --config FILE."
        }
    }
}
