import Notifier
import Yams

/// Applies YAML merge keys (`<<: *defaults`, `<<: [*a, *b]`), which the YAML composer leaves as plain keys, so
/// anchors can share settings between watch targets, instances or sinks.
///
/// Keys written in the mapping win over merged ones; with several sources, earlier ones win, as in YAML 1.1.
enum YAMLMergeKeys {
    /// The tree with every `<<` key replaced by the keys it merges.
    static func apply(_ node: Node, reader: YAMLReader) -> Node {
        switch node {
        case .mapping(let mapping):
            var pairs: [(Node, Node)] = []
            var merged: [(Node, Node)] = []
            for (key, value) in mapping {
                let value = apply(value, reader: reader)
                guard key.scalar?.string == "<<", key.scalar?.style == .plain else {
                    pairs.append((key, value))
                    continue
                }
                merged += sources(of: value, reader: reader)
            }
            let written = Set(pairs.compactMap { $0.0.scalar?.string })
            var seen = written
            for (key, value) in merged {
                guard let name = key.scalar?.string, !seen.contains(name) else { continue }
                seen.insert(name)
                pairs.append((key, value))
            }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        case .sequence(let sequence):
            return .sequence(
                Node.Sequence(sequence.map { apply($0, reader: reader) }, sequence.tag, sequence.style, sequence.mark)
            )
        default:
            return node
        }
    }

    /// The pairs a `<<` value brings: one mapping, or a list of mappings.
    private static func sources(of value: Node, reader: YAMLReader) -> [(Node, Node)] {
        switch value {
        case .mapping(let mapping):
            return mapping.map { ($0.key, $0.value) }
        case .sequence(let sequence) where sequence.allSatisfy({ $0.mapping != nil }):
            return sequence.flatMap { item in item.mapping.map { $0.map { ($0.key, $0.value) } } ?? [] }
        default:
            reader.error("\"<<\" must merge a mapping or a list of mappings (<<: *name)", at: value)
            return []
        }
    }
}
