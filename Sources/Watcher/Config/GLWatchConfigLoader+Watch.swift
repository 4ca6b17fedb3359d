import Foundation
import Notifier
import Yams

/// Reading `watch:` into the engine's `WatchTarget`s.
extension GLWatchConfigLoader {
    /// The polling interval when a target names none.
    static let defaultInterval: TimeInterval = 60

    /// `watch:`: each target resolved to the engine's `WatchTarget`, with the shared aliases merged in.
    func watchTargets(
        _ document: YAMLMapping,
        instances: [GitLabInstanceConfig],
        sharedAliases: [String: String]
    ) -> [WatchTarget] {
        let reader = document.reader
        guard let node = document.value("watch") else { return [] }
        guard case .sequence(let items) = node else {
            reader.error("\"watch\" must be a list of targets (- project: group/app)", at: node)
            return []
        }
        // Instances written but invalid still count as defined: their own errors say what is wrong.
        var defined = Set(instances.map(\.name))
        if case .mapping(let gitlab)? = document.value("gitlab") {
            defined.formUnion(gitlab.compactMap { $0.key.scalar?.string })
        }
        return items.enumerated().compactMap { index, item in
            target(
                item,
                number: index + 1,
                reader: reader,
                instances: instances,
                defined: defined,
                sharedAliases: sharedAliases
            )
        }
    }

    private func target(
        _ node: Node,
        number: Int,
        reader: YAMLReader,
        instances: [GitLabInstanceConfig],
        defined: Set<String>,
        sharedAliases: [String: String]
    ) -> WatchTarget? {
        // `- acme/api` (or `- 42`) is short for `- project: acme/api`.
        var node = node
        if case .scalar(let scalar) = node, node.null == nil {
            node = .mapping(Node.Mapping([(Node("project", .implicit, .plain), node)], .implicit, .block, scalar.mark))
        }
        guard let map = reader.mapping(node, context: "watch target #\(number)") else { return nil }
        map.checkKeys(ConfigSection.target.names)
        let errorsBefore = reader.diagnostics.count
        let scope = self.scope(map)
        let instance = self.instance(map, instances: instances, defined: defined)
        let branches = self.branches(map)
        var options = PollOptions()
        options.branches = branches ?? .defaultBranch
        if let initial = map.mapping("initial", context: map.describe("initial")) {
            initial.checkKeys(ConfigSection.initial.names)
            if let value = initial.int("notify_last"), value > 100 {
                reader.error("\(initial.describe("notify_last")) must be at most 100", at: initial.value("notify_last"))
            } else if let value = initial.int("notify_last") {
                options.initialNotifyLast = value
            }
        }
        options.reportPerBranch = map.bool("report_per_branch") ?? false
        options.tags = map.bool("tags") ?? false
        options.maxCommitsPerPush = map.int("max_commits_per_push", minimum: 1) ?? options.maxCommitsPerPush
        options.keepCommitEnds = map.int("large_push_ends", minimum: 1) ?? options.keepCommitEnds
        options.unreachableAfter = map.int("unreachable_after", minimum: 1) ?? options.unreachableAfter
        options.stalledAfter = map.int("stalled_after", minimum: 1) ?? options.stalledAfter
        options.aliases = sharedAliases.merging(
            map.value("aliases").map { aliases($0, what: map.describe("aliases"), reader) } ?? [:]
        ) { _, own in own }
        let interval = map.duration("interval", minimum: 1) ?? Self.defaultInterval
        let ceiling = map.duration("max_interval", minimum: 1)
        if let ceiling, ceiling < interval {
            reader.error(
                "\(map.describe("max_interval")) (\(DurationParser.format(ceiling))) is shorter than \"interval\" "
                    + "(\(DurationParser.format(interval)))",
                at: map.value("max_interval")
            )
        }
        if case .membership? = scope, let instance, instances.first(where: { $0.name == instance })?.tokenSource == nil
        {
            reader.error(
                "\(map.describe("membership")) needs a token: gitlab instance \"\(instance)\" has none (add "
                    + "\"token_env\" or \"token_file\")",
                at: map.keyNode("membership")
            )
        }
        guard reader.diagnostics.count == errorsBefore, let scope, let instance else { return nil }
        return WatchTarget(
            instance: instance,
            scope: scope,
            options: options,
            cadence: Cadence(base: interval, ceiling: ceiling)
        )
    }

    /// Exactly one of `project`, `group` and `membership`, with the options that apply to it.
    private func scope(_ map: YAMLMapping) -> WatchScope? {
        let reader = map.reader
        let kinds = map.entries.map(\.key).filter(["project", "group", "membership"].contains)
        guard let kind = kinds.first else {
            // A misspelt `projct:` already has an "unknown key" problem suggesting the right word.
            let scopes = ["project", "group", "membership"]
            if map.entries.contains(where: { DidYouMean.suggestion(for: $0.key, among: scopes) != nil }) { return nil }
            reader.error("\(map.context) needs one of \"project\", \"group\" or \"membership\"", at: map.node)
            return nil
        }
        if kinds.count > 1 {
            reader.error(
                "\(map.context) has both \"\(kinds[0])\" and \"\(kinds[1])\"; write one target for each",
                at: map.keyNode(kinds[1])
            )
            return nil
        }
        if kind != "group", map.has("include_subgroups") {
            reader.error(
                "\(map.describe("include_subgroups")) applies only to a group",
                at: map.keyNode("include_subgroups")
            )
        }
        if kind == "project", map.has("include_archived") {
            reader.error(
                "\(map.describe("include_archived")) applies only to a group or membership",
                at: map.keyNode("include_archived")
            )
        }
        let includeArchived = map.bool("include_archived") ?? false
        switch kind {
        case "project":
            return idOrPath(map, "project").map { id, path in .project(id.map(GitLabProjectRef.id) ?? .path(path)) }
        case "group":
            let includeSubgroups = map.bool("include_subgroups") ?? true
            return idOrPath(map, "group").map { id, path in
                .group(
                    id.map(GitLabGroupRef.id) ?? .path(path),
                    includeSubgroups: includeSubgroups,
                    includeArchived: includeArchived
                )
            }
        default:
            guard let value = map.bool("membership") else { return nil }
            guard value else {
                reader.error(
                    "\(map.describe("membership")) must be true (or leave the target out)",
                    at: map.value(kind)
                )
                return nil
            }
            return .membership(includeArchived: includeArchived)
        }
    }

    /// A numeric id or a full path (`group/sub/project`, no leading or trailing `/`).
    private func idOrPath(_ map: YAMLMapping, _ key: String) -> (id: Int64?, path: String)? {
        guard let node = map.value(key), let text = map.string(key) else { return nil }
        if node.scalar?.style == .plain, let id = Int64(text) {
            guard id > 0 else {
                map.reader.error("\(map.describe(key)) must be a positive id or a full path", at: node)
                return nil
            }
            return (id, text)
        }
        let path = text.trimmingCharacters(in: .whitespaces)
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !parts.contains(where: \.isEmpty), !path.contains(where: \.isWhitespace) else {
            map.reader.error(
                "\(map.describe(key)) must be an id or a full path like \"acme/platform/api\"",
                at: node
            )
            return nil
        }
        return (nil, path)
    }

    /// `instance:`, or the only instance when there is just one.
    private func instance(_ map: YAMLMapping, instances: [GitLabInstanceConfig], defined: Set<String>) -> String? {
        let names = instances.map(\.name)
        guard let node = map.value("instance") else {
            if defined.count <= 1 { return names.first }  // none: `gitlab:` has errors of its own.
            let all = defined.sorted().joined(separator: ", ")
            map.reader.error(
                "\(map.context) needs \"instance\": the config has several (\(all))",
                at: map.node
            )
            return nil
        }
        guard let name = map.string("instance") else { return nil }
        guard names.contains(name) else {
            if !defined.contains(name) {
                map.reader.error(
                    "undefined gitlab instance \"\(name)\" used in \(map.context)"
                        + DidYouMean.hint(for: name, among: defined.sorted()),
                    at: node
                )
            }
            return nil
        }
        return name
    }

    /// `branches:` — `all`, or names and globs.
    private func branches(_ map: YAMLMapping) -> BranchSelection? {
        guard let node = map.value("branches"), let items = map.strings("branches") else { return nil }
        if items.isEmpty {
            map.reader.error("\(map.describe("branches")) needs at least one branch", at: node)
            return nil
        }
        if items.contains(where: { $0.0 == "all" }) {
            if items.count > 1 {
                map.reader.error("\(map.describe("branches")) has \"all\" and other branches; use one", at: node)
            }
            return .all
        }
        var globs: [Glob] = []
        for (pattern, itemNode) in items {
            do {
                globs.append(try Glob(pattern))
            } catch {
                map.reader.error("invalid branch pattern \"\(pattern)\" in \(map.context): \(error)", at: itemNode)
            }
        }
        return .matching(globs)
    }

    /// `aliases:` — canonical e-mail → its other addresses, as `PollOptions.aliases` (other → canonical).
    func aliases(_ node: Node, what: String, _ reader: YAMLReader) -> [String: String] {
        guard let map = reader.mapping(node, context: what) else { return [:] }
        var aliases: [String: String] = [:]
        for entry in map.entries {
            let canonical = Contributor.normalize(email: entry.key)
            guard canonical.contains("@") else {
                reader.error("\"\(entry.key)\" in \(what) must be an e-mail address", at: entry.keyNode)
                continue
            }
            for (alias, aliasNode) in map.strings(entry.key) ?? [] {
                let normalized = Contributor.normalize(email: alias)
                guard normalized.contains("@") else {
                    reader.error("\"\(alias)\" in \(what) must be an e-mail address", at: aliasNode)
                    continue
                }
                if let other = aliases[normalized], other != canonical {
                    reader.error("\"\(alias)\" in \(what) is already an alias of \"\(other)\"", at: aliasNode)
                    continue
                }
                aliases[normalized] = canonical
            }
        }
        return aliases
    }
}
