import Foundation
import Yams

/// Reads and compiles the template files rules and sinks name.
enum TemplateFiles {
    /// The template at `path` (relative to `baseDirectory`), or `nil` with a problem recorded: at the YAML
    /// value when the file cannot be read, in the template file when it does not compile.
    static func load(
        _ path: String,
        baseDirectory: String,
        environment: any ConfigEnvironment,
        at node: Node?,
        for context: String,
        reader: YAMLReader
    ) -> MessageTemplate? {
        let fullPath =
            path.hasPrefix("/") || baseDirectory.isEmpty || baseDirectory == "."
            ? path : (baseDirectory as NSString).appendingPathComponent(path)
        let source: String
        do {
            source = try environment.contentsOfFile(atPath: fullPath)
        } catch {
            reader.error("cannot read template \"\(fullPath)\" for \(context)", at: node)
            return nil
        }
        do {
            return try MessageTemplate(name: fullPath, source: source)
        } catch {
            error.diagnostics.forEach(reader.add)
            return nil
        }
    }
}
