import Foundation
import Notifier
import Yams

/// Loads the config's `sinks:` and `rules:` through the notifier's loader, including rules files.
///
/// Either section may name files instead of (or besides) inline entries: `sinks: sinks.yaml`, or a string item in
/// `rules:` such as `- rules/*.yaml`. Each file has the shape of the files in `rules/` (`sinks:`, `rules:`,
/// `timezone:`), is resolved from the config file's directory, and is loaded in place: rules keep the order they
/// are written in, and a rule may name a sink defined in any file of the config.
struct NotifierSectionsLoader {
    /// What the sections resolved to.
    struct Result {
        /// Sinks and rules, validated together.
        var configuration: NotifierConfiguration
        /// The files included, in order.
        var includedFiles: [String]
        /// Where each sink is defined, for warnings about it.
        var sinkLocations: [String: ConfigDiagnostic] = [:]
    }

    /// One file's (or one inline run's) share of sinks and rules.
    private struct Unit {
        var file: String
        var baseDirectory: String
        var sinks: Node?
        var rules: Node?
        var timeZone: TimeZone
    }

    /// Where variables and files are read.
    var environment: any ConfigSystem
    /// Resolves paths from the config file's directory.
    var paths: PathResolver
    /// The default time zone of rules' `time` conditions.
    var timeZone: TimeZone
    /// Expands `${VAR}` in included files.
    var expander: EnvironmentExpander

    /// The sinks and rules; problems are recorded in `reader`.
    func load(sinksNode: Node?, rulesNode: Node?, reader: YAMLReader) -> Result {
        if sinksNode == nil, rulesNode == nil { return Result(configuration: Self.stdoutDefault, includedFiles: []) }
        var units: [Unit] = []
        var included: [String] = []
        /// A share written in the config file itself.
        func inline(sinks: Node? = nil, rules: Node? = nil) -> Unit {
            Unit(file: reader.file, baseDirectory: paths.baseDirectory, sinks: sinks, rules: rules, timeZone: timeZone)
        }

        if let sinksNode {
            if case .mapping = sinksNode {
                units.append(inline(sinks: sinksNode))
            } else {
                for (pattern, node) in strings(sinksNode, what: "\"sinks\"", reader: reader) {
                    units += includes(pattern, at: node, reader: reader, seen: &included)
                }
            }
        }
        if let rulesNode {
            switch rulesNode {
            case .sequence(let items):
                // Consecutive inline rules load together; each file loads in its place between them.
                var run: [Node] = []
                func flush() {
                    guard let first = run.first else { return }
                    units.append(inline(rules: .sequence(Node.Sequence(run, .implicit, .any, first.mark))))
                    run = []
                }
                for item in items {
                    if case .scalar = item, let pattern = reader.string(item, what: "each file in \"rules\"") {
                        flush()
                        units += includes(pattern, at: item, reader: reader, seen: &included)
                    } else if case .scalar = item {
                        continue
                    } else {
                        run.append(item)
                    }
                }
                flush()
            case .scalar:
                for (pattern, node) in strings(rulesNode, what: "\"rules\"", reader: reader) {
                    units += includes(pattern, at: node, reader: reader, seen: &included)
                }
            default:
                reader.error("\"rules\" must be a list of rules and rules files", at: rulesNode)
            }
        }
        var result = Result(
            configuration: NotifierConfiguration(sinks: [], rules: RuleSet(rules: [])),
            includedFiles: included
        )
        result.configuration = combine(units, reader: reader, locations: &result.sinkLocations)
        return result
    }

    /// Every event printed as text on stdout, when the config says nothing about sinks and rules.
    static var stdoutDefault: NotifierConfiguration {
        NotifierConfiguration(
            sinks: [
                SinkConfiguration(
                    name: "stdout",
                    kind: .stdout,
                    settings: StdoutSettings(format: .text),
                    template: nil,
                    policy: DeliveryPolicy(rateLimit: SinkKind.stdout.defaultRateLimit),
                    urlSource: nil
                )
            ],
            rules: RuleSet(rules: [Rule(name: "everything", action: .notify(Rule.Notify(sinks: ["stdout"])))])
        )
    }

    private func strings(_ node: Node, what: String, reader: YAMLReader) -> [(String, Node)] {
        guard let items = reader.sequence(node, what: what) else { return [] }
        return items.compactMap { item in reader.string(item, what: "each file in \(what)").map { ($0, item) } }
    }

    /// The files a pattern names, each read and split into its sections.
    private func includes(_ pattern: String, at node: Node, reader: YAMLReader, seen: inout [String]) -> [Unit] {
        let files: [String]
        do {
            files = try IncludePattern(pattern, paths: paths).files(in: environment)
        } catch {
            reader.error("invalid file pattern \"\(pattern)\": \(error)", at: node)
            return []
        }
        guard !files.isEmpty else {
            reader.error(
                "no file matches \"\(pattern)\" (looked in \"\(IncludePattern.root(of: paths.resolve(pattern)))\")",
                at: node
            )
            return []
        }
        var units: [Unit] = []
        for file in files where !seen.contains(file) {
            seen.append(file)
            guard let text = try? environment.contentsOfFile(atPath: file) else {
                reader.error("cannot read rules file \"\(file)\"", at: node)
                continue
            }
            let fileReader = YAMLReader(file: file)
            let composed: Node?
            do {
                composed = try YAMLReader.compose(yaml: text, file: file)
            } catch {
                error.diagnostics.forEach(reader.add)
                continue
            }
            guard let composed else {
                reader.add(ConfigDiagnostic(file: file, line: 1, column: 1, message: "the file is empty"))
                continue
            }
            let root = expander.expand(YAMLMergeKeys.apply(composed, reader: fileReader), reader: fileReader)
            if let document = fileReader.mapping(root, context: "the rules file") {
                let anchors = document.entries.map(\.key).filter { $0.hasPrefix("x-") }
                document.checkKeys(["sinks", "rules", "timezone"] + anchors)
                var zone = timeZone
                if let zoneNode = document.value("timezone"), let name = document.string("timezone") {
                    if let parsed = TimeZone(identifier: name) {
                        zone = parsed
                    } else {
                        fileReader.error(
                            "unknown time zone \"\(name)\" for \(document.describe("timezone")) (use an IANA name "
                                + "such as Europe/Berlin or UTC)",
                            at: zoneNode
                        )
                    }
                }
                if !document.has("sinks"), !document.has("rules") {
                    fileReader.error("the rules file has neither \"sinks\" nor \"rules\"", at: root)
                }
                units.append(
                    Unit(
                        file: file,
                        baseDirectory: GLWatchConfigLoader.directory(of: file),
                        sinks: document.value("sinks"),
                        rules: document.value("rules"),
                        timeZone: zone
                    )
                )
            }
            fileReader.diagnostics.forEach(reader.add)
        }
        return units
    }

    /// Loads every unit with the sink names of all of them, then joins sinks and rules in order.
    private func combine(
        _ units: [Unit],
        reader: YAMLReader,
        locations: inout [String: ConfigDiagnostic]
    ) -> NotifierConfiguration {
        var definedAt: [String: String] = [:]
        for unit in units {
            guard case .mapping(let sinks)? = unit.sinks else { continue }
            for (key, _) in sinks {
                guard let name = key.scalar?.string else { continue }
                let here = "\(unit.file):\(key.mark?.line ?? 1):\(key.mark?.column ?? 1)"
                if let first = definedAt[name] {
                    reader.add(
                        ConfigDiagnostic(
                            file: unit.file,
                            line: key.mark?.line ?? 1,
                            column: key.mark?.column ?? 1,
                            message: "duplicate sink name \"\(name)\" (first defined at \(first))"
                        )
                    )
                } else {
                    definedAt[name] = here
                    locations[name] = ConfigDiagnostic(
                        file: unit.file,
                        line: key.mark?.line ?? 1,
                        column: key.mark?.column ?? 1,
                        message: ""
                    )
                }
            }
        }
        let allNames = Set(definedAt.keys)
        var sinks: [SinkConfiguration] = []
        var ruleSets: [RuleSet] = []
        for unit in units {
            do {
                let loaded = try NotifierConfiguration.load(
                    sinksNode: unit.sinks,
                    rulesNode: unit.rules,
                    file: unit.file,
                    baseDirectory: unit.baseDirectory,
                    environment: environment,
                    timeZone: unit.timeZone,
                    otherSinkNames: allNames
                )
                sinks += loaded.sinks.filter { sink in !sinks.contains { $0.name == sink.name } }
                ruleSets.append(loaded.rules)
            } catch {
                error.diagnostics.forEach(reader.add)
            }
        }
        do {
            return NotifierConfiguration(sinks: sinks, rules: try RuleSet.combining(ruleSets))
        } catch {
            error.diagnostics.forEach(reader.add)
            return NotifierConfiguration(sinks: sinks, rules: RuleSet(rules: []))
        }
    }
}
