import Foundation
import Notifier
import Yams

/// Reads `glwatch.yml` strictly through the notifier's `YAMLReader`: every unknown key (with the closest valid one
/// suggested), wrong type, unset `${VAR}` or bad reference is reported as `file:line:column: message`, all at once;
/// nothing is returned unless everything is valid.
///
/// The `sinks:` and `rules:` sections (and the rules files they include) go through the notifier's own loader,
/// with positions in the file they were written in.
struct GLWatchConfigLoader {
    /// Where variables, secrets and files are read.
    var environment: any ConfigSystem

    /// Loads the file at `path`; relative paths inside it start from its directory.
    func load(path: String) throws(ConfigError) -> GLWatchConfig {
        let text: String
        do {
            text = try environment.contentsOfFile(atPath: path)
        } catch {
            throw ConfigError([ConfigDiagnostic(file: path, line: 1, column: 1, message: "cannot read the config file")]
            )
        }
        return try load(yaml: text, file: path, baseDirectory: Self.directory(of: path))
    }

    /// Loads config text as if read from `file` in `baseDirectory`.
    func load(yaml: String, file: String, baseDirectory: String) throws(ConfigError) -> GLWatchConfig {
        let reader = YAMLReader(file: file)
        guard let composed = try YAMLReader.compose(yaml: yaml, file: file) else {
            throw ConfigError([ConfigDiagnostic(file: file, line: 1, column: 1, message: "the config file is empty")])
        }
        let expander = EnvironmentExpander(environment: environment)
        let root = expander.expand(YAMLMergeKeys.apply(composed, reader: reader), reader: reader)
        guard let document = reader.mapping(root, context: "the config file") else {
            try reader.throwIfFailed()
            throw ConfigError([])
        }
        // `x-` keys are free for anchors shared by the rest of the file (`x-defaults: &defaults`).
        document.checkKeys(ConfigSection.root.names + document.entries.map(\.key).filter { $0.hasPrefix("x-") })

        let paths = PathResolver(baseDirectory: baseDirectory, variable: environment.variable(named:))
        let instances = self.instances(document, paths: paths)
        let sharedAliases = document.value("aliases").map { aliases($0, what: document.describe("aliases"), reader) }
        let targets = watchTargets(document, instances: instances, sharedAliases: sharedAliases ?? [:])
        let timeZone = self.timeZone(document) ?? TimeZone(identifier: "UTC")!
        let notifier = NotifierSectionsLoader(
            environment: environment,
            paths: paths,
            timeZone: timeZone,
            expander: expander
        )
        .load(sinksNode: document.value("sinks"), rulesNode: document.value("rules"), reader: reader)
        let state = self.state(document, paths: paths)
        let log = self.log(document)
        let metrics = self.metrics(document, paths: paths)
        let engine = self.engine(document, instances: instances)
        let hooks = self.hooks(document, instances: instances, paths: paths)
        let problems = YAMLReader(file: file)
        expander.relevant(reader.diagnostics).forEach(problems.add)
        try problems.throwIfFailed()
        return GLWatchConfig(
            file: file,
            instances: instances,
            watchTargets: targets,
            notifier: notifier.configuration,
            state: state,
            log: log,
            metrics: metrics,
            engine: engine,
            hooks: hooks,
            includedFiles: notifier.includedFiles,
            warnings: Self.warnings(file: file, targets: targets, notifier: notifier)
        )
    }

    /// Valid but suspicious: nothing to watch, sinks no rule uses, tag rules without `tags: true`.
    static func warnings(
        file: String,
        targets: [WatchTarget],
        notifier: NotifierSectionsLoader.Result
    )
        -> [ConfigDiagnostic]
    {
        var warnings: [ConfigDiagnostic] = []
        if targets.isEmpty {
            warnings.append(
                ConfigDiagnostic(file: file, line: 1, column: 1, message: "nothing to watch: \"watch\" has no targets")
            )
        }
        var used: Set<String> = []
        for rule in notifier.configuration.rules.rules {
            if case .notify(let notify) = rule.action { used.formUnion(notify.sinks) }
        }
        for sink in notifier.configuration.sinks where !used.contains(sink.name) {
            var warning =
                notifier.sinkLocations[sink.name] ?? ConfigDiagnostic(file: file, line: 1, column: 1, message: "")
            warning.message = "sink \"\(sink.name)\" is not used by any rule"
            warnings.append(warning)
        }
        return warnings + tagWarnings(file: file, targets: targets, rules: notifier.configuration.rules.rules)
    }

    /// The directory of a file path (`.` for a bare file name).
    static func directory(of path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// `timezone:`.
    private func timeZone(_ document: YAMLMapping) -> TimeZone? {
        guard let node = document.value("timezone"), let name = document.string("timezone") else { return nil }
        guard let zone = TimeZone(identifier: name) else {
            document.reader.error(
                "unknown time zone \"\(name)\" for \(document.describe("timezone")) (use an IANA name such as "
                    + "Europe/Berlin or UTC)",
                at: node
            )
            return nil
        }
        return zone
    }
}
