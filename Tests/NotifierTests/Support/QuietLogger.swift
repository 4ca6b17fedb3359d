import Logging

/// A logger that drops everything, so test output shows only test results.
let quietLogger = Logger(label: "glwatch.test", factory: { _ in SwiftLogNoOpLogHandler() })
