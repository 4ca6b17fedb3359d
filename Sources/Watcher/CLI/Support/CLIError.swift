/// A command's failure, worded for the person at the terminal: what went wrong and what to do about it.
///
/// ArgumentParser prints it as `Error: <description>` on standard error and exits with status 1.
struct CLIError: Error, CustomStringConvertible, Equatable {
    /// The message.
    var description: String
    /// The process's exit status when the command ends with this error (1, argument-parser's, unless a command
    /// documents another).
    var exitStatus: Int32 = 1

    /// Creates an error.
    init(_ description: String, exitStatus: Int32 = 1) {
        self.description = description
        self.exitStatus = exitStatus
    }

    /// `glwatch run` holds the state's single-writer lock, so an admin write (retry, replay) cannot be made.
    static func watcherActive(statePath: String, pid: Int32?, action: String) -> CLIError {
        let owner = pid.map { "glwatch run is active (pid \($0))" } ?? "glwatch run is active"
        return CLIError(
            "\(owner) on \(statePath); \(action) needs the state's single-writer lock. Stop the watcher "
                + "(SIGTERM, or `systemctl stop glwatch`), run this again, then restart it: the watcher sends what "
                + "was queued as soon as it starts."
        )
    }
}
