import Foundation
import Synchronization
import Testing

/// A part of the machine that some tests need beyond Swift: a PostgreSQL server, headless Chromium, an SMTP server.
///
/// Where it is missing, a test that needs it is skipped and says why — except under CI (`CI=true`, as `.ci/run` is
/// run), where it fails, naming what is missing: CI installs every component, so a missing one is a broken
/// machine or script, never a reason to pass with fewer tests (issue 35). No test returns early as a pass.
public struct RequiredComponent: Sendable {
    /// What it is, as a person would name it ("PostgreSQL", "headless Chromium").
    public let name: String
    private let unavailableReason: @Sendable () -> String?

    /// A component that is at hand when `unavailableReason` returns `nil`; otherwise it returns why not. It is
    /// called when a test that needs the component is about to run, not when tests are discovered.
    public init(_ name: String, unavailableReason: @escaping @Sendable () -> String?) {
        self.name = name
        self.unavailableReason = unavailableReason
    }

    /// Whether a test that needs the component runs: `true` when it is at hand; `false` when it is missing outside
    /// CI (the reason goes to standard error, once per component); under CI a missing component throws.
    ///
    /// - Parameter inCI: whether the tests run under CI (`TestEnvironment.isCI`; given by the tests of this type).
    /// - Throws: `MissingComponent` when it is missing and `inCI`.
    public func isUsable(inCI: Bool = TestEnvironment.isCI) throws -> Bool {
        guard let reason = unavailableReason() else { return true }
        if inCI { throw MissingComponent(name: name, reason: reason) }
        if Self.noted.withLock({ $0.insert(name).inserted }) {
            FileHandle.standardError.write(Data("note: tests that need \(name) are skipped: \(reason)\n".utf8))
        }
        return false
    }

    /// Throws unless the component is at hand (for code that needs it outside a trait, such as a test's setup).
    ///
    /// - Throws: `MissingComponent`, in and out of CI.
    public func require() throws {
        if let reason = unavailableReason() { throw MissingComponent(name: name, reason: reason) }
    }

    private static let noted = Mutex<Set<String>>([])
}

/// A component a test needs is missing (see `RequiredComponent`).
public struct MissingComponent: Error, CustomStringConvertible {
    public var name: String
    public var reason: String

    public var description: String {
        let underCI = " (CI=true: a test that needs it fails instead of skipping; .ci/run installs it)"
        return "\(name) is missing: \(reason)" + (TestEnvironment.isCI ? underCI : "")
    }
}

/// Facts about the process the tests run in.
public enum TestEnvironment {
    /// Whether the tests run under CI: `CI=true` in the environment, as CI runs `.ci/run`.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only where `component` is at hand; where it is missing, skips it saying why, or
    /// under CI fails it naming what is missing (`RequiredComponent.isUsable()`).
    public static func requires(_ component: RequiredComponent, sourceLocation: SourceLocation = #_sourceLocation)
        -> Self
    {
        .enabled("needs \(component.name)", sourceLocation: sourceLocation) { try component.isUsable() }
    }
}
