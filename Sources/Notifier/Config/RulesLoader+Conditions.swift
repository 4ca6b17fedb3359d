import Foundation
import Yams

/// Reading a rule's conditions.
extension RulesLoader {
    func conditions(_ map: YAMLMapping) -> RuleConditions {
        let reader = map.reader
        var conditions = RuleConditions()
        if let items = map.strings("events") {
            var types = Set<EventType>()
            for (text, node) in items {
                let matching = (try? Glob(text)).map { glob in EventType.allCases.filter { glob.matches($0.rawValue) } }
                if let matching, !matching.isEmpty {
                    types.formUnion(matching)
                } else {
                    reader.error(
                        "unknown event type \"\(text)\" in \(map.context)"
                            + DidYouMean.hint(for: text, among: EventType.allCases.map(\.rawValue)),
                        at: node
                    )
                }
            }
            conditions.eventTypes = types
        }
        conditions.projects = patterns(map, "project", defaultKind: .glob)
        conditions.groups = (map.strings("group") ?? []).map { text, _ in
            text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        conditions.branches = patterns(map, "branch", defaultKind: .glob)
        conditions.commit.author = person(map, "author")
        conditions.commit.notAuthor = person(map, "not_author")
        conditions.commit.message = patterns(map, "message", defaultKind: .regex)
        conditions.commit.title = patterns(map, "title", defaultKind: .regex)
        if let node = map.value("trailers"), let trailers = reader.mapping(node, context: map.describe("trailers")) {
            for entry in trailers.entries {
                if entry.value.bool == true {
                    conditions.commit.trailers[entry.key] = []
                } else {
                    conditions.commit.trailers[entry.key] = patterns(
                        entry.value,
                        what: "trailer \"\(entry.key)\" in \(map.context)",
                        defaultKind: .glob,
                        reader: reader
                    )
                }
            }
        }
        conditions.commit.withoutTrailers = (map.strings("without_trailers") ?? []).map(\.0)
        conditions.commit.merge = map.bool("merge")
        conditions.paths = (map.strings("paths") ?? []).compactMap { text, node in
            glob(text, at: node, what: map.describe("paths"), caseInsensitive: false, reader: reader)
        }
        conditions.minCommits = map.int("min_commits")
        conditions.maxCommits = map.int("max_commits")
        if let min = conditions.minCommits, let max = conditions.maxCommits, min > max {
            reader.error(
                "\"min_commits\" (\(min)) is more than \"max_commits\" (\(max)) in \(map.context)",
                at: map.value("max_commits")
            )
        }
        if let node = map.value("commit_match"), let text = reader.string(node, what: map.describe("commit_match")) {
            if let quantifier = RuleConditions.CommitQuantifier(rawValue: text) {
                conditions.commitQuantifier = quantifier
            } else {
                reader.error("\(map.describe("commit_match")) must be \"any\" or \"all\"", at: node)
            }
        }
        if let node = map.value("time") { conditions.window = timeWindow(node, in: map) }
        return conditions
    }

    enum PatternKind { case glob, regex }

    private func patterns(_ map: YAMLMapping, _ key: String, defaultKind: PatternKind) -> [TextPattern] {
        guard let node = map.value(key) else { return [] }
        return patterns(node, what: map.describe(key), defaultKind: defaultKind, reader: map.reader)
    }

    /// A string (of the default kind), `{glob: …}`, `{regex: …}`, or a list of those.
    func patterns(
        _ node: Node,
        what: String,
        defaultKind: PatternKind,
        caseInsensitive: Bool = false,
        reader: YAMLReader
    ) -> [TextPattern] {
        let items: [Node] = if case .sequence(let sequence) = node { Array(sequence) } else { [node] }
        return items.compactMap { item in
            if case .mapping = item {
                guard let map = reader.mapping(item, context: what) else { return nil }
                map.checkKeys(["glob", "regex"])
                guard map.entries.count == 1 else {
                    reader.error("\(what) takes one of \"glob\" or \"regex\"", at: item)
                    return nil
                }
                if let text = map.string("glob") {
                    return glob(
                        text,
                        at: map.value("glob"),
                        what: what,
                        caseInsensitive: caseInsensitive,
                        reader: reader
                    ).map(TextPattern.glob)
                }
                if let text = map.string("regex") {
                    return regex(text, at: map.value("regex"), what: what, reader: reader).map(TextPattern.regex)
                }
                return nil
            }
            guard let text = reader.string(item, what: what) else { return nil }
            switch defaultKind {
            case .glob:
                return glob(text, at: item, what: what, caseInsensitive: caseInsensitive, reader: reader)
                    .map(TextPattern.glob)
            case .regex:
                return regex(text, at: item, what: what, reader: reader).map(TextPattern.regex)
            }
        }
    }

    func glob(_ text: String, at node: Node?, what: String, caseInsensitive: Bool, reader: YAMLReader) -> Glob? {
        do {
            return try Glob(text, caseInsensitive: caseInsensitive)
        } catch {
            reader.error("invalid glob \"\(text)\" for \(what): \(error)", at: node)
            return nil
        }
    }

    func regex(_ text: String, at node: Node?, what: String, reader: YAMLReader) -> RegexPattern? {
        do {
            return try RegexPattern(text)
        } catch {
            reader.error("invalid regex \"\(text)\" for \(what): \(error)", at: node)
            return nil
        }
    }

    /// `author: "*bot*"` (name or e-mail), or `author: {name: …, email: …}`; e-mail globs ignore case.
    private func person(_ map: YAMLMapping, _ key: String) -> PersonPattern? {
        guard let node = map.value(key) else { return nil }
        let reader = map.reader
        let what = map.describe(key)
        if case .mapping = node {
            guard let person = reader.mapping(node, context: what) else { return nil }
            person.checkKeys(["name", "email"])
            let names = person.value("name").map {
                patterns($0, what: person.describe("name"), defaultKind: .glob, reader: reader)
            }
            let emails = person.value("email").map {
                patterns($0, what: person.describe("email"), defaultKind: .glob, caseInsensitive: true, reader: reader)
            }
            return PersonPattern(names: names ?? [], emails: emails ?? [])
        }
        return PersonPattern(
            nameOrEmail: patterns(
                node,
                what: what,
                defaultKind: .glob,
                caseInsensitive: true,
                reader: reader
            )
        )
    }

    /// `time: {weekdays: mon-fri, hours: "09:00-18:00", timezone: Europe/Berlin}`.
    private func timeWindow(_ node: Node, in rule: YAMLMapping) -> TimeWindow? {
        let reader = rule.reader
        guard let map = reader.mapping(node, context: rule.describe("time")) else { return nil }
        map.checkKeys(["weekdays", "hours", "timezone"])
        var window = TimeWindow(timeZone: timeZone(map, key: "timezone") ?? defaultTimeZone)
        if let items = map.strings("weekdays") {
            var days = Set<Int>()
            for (text, node) in items {
                if let range = weekdays(text) {
                    days.formUnion(range)
                } else {
                    reader.error(
                        "unknown weekday \"\(text)\" for \(map.describe("weekdays")) (use mon, tue, wed, "
                            + "thu, fri, sat, sun or a range like mon-fri)",
                        at: node
                    )
                }
            }
            window.weekdays = days
        }
        if let node = map.value("hours"), let text = reader.string(node, what: map.describe("hours")) {
            let parts = text.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, let start = minutes(parts[0]), let end = minutes(parts[1]), start != end {
                window.startMinute = start
                window.endMinute = end
            } else {
                reader.error(
                    "invalid hours \"\(text)\" for \(map.describe("hours")) (write e.g. \"09:00-18:00\")",
                    at: node
                )
            }
        }
        return window
    }

    func timeZone(_ map: YAMLMapping, key: String) -> TimeZone? {
        guard let node = map.value(key), let name = map.reader.string(node, what: map.describe(key)) else {
            return nil
        }
        guard let zone = TimeZone(identifier: name) else {
            map.reader.error(
                "unknown time zone \"\(name)\" for \(map.describe(key)) (use an IANA name such as "
                    + "Europe/Berlin or UTC)",
                at: node
            )
            return nil
        }
        return zone
    }

    private func weekdays(_ text: String) -> Set<Int>? {
        let names = TimeWindow.weekdayNames
        func day(_ name: Substring) -> Int? {
            names.firstIndex(of: String(name.prefix(3)).lowercased()).map { $0 + 1 }
        }
        let parts = text.split(separator: "-")
        if parts.count == 1, let single = day(parts[0]), parts[0].count >= 3 { return [single] }
        guard parts.count == 2, let from = day(parts[0]), let to = day(parts[1]) else { return nil }
        var days = Set<Int>()
        var current = from
        while true {
            days.insert(current)
            if current == to { break }
            current = current % 7 + 1
        }
        return days
    }

    private func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), (0...24).contains(hours),
            (0..<60).contains(minutes), hours * 60 + minutes <= 24 * 60
        else { return nil }
        return hours * 60 + minutes
    }
}
