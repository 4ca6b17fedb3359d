import Foundation
import Notifier

/// A `ConfigEnvironment` with given variables and files.
struct FakeEnvironment: ConfigEnvironment {
    var variables: [String: String] = [:]
    var files: [String: String] = [:]

    func variable(named name: String) -> String? { variables[name] }

    func contentsOfFile(atPath path: String) throws -> String {
        guard let contents = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return contents
    }
}
