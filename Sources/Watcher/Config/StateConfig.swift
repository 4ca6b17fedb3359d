import Foundation
import Notifier

/// `state:`: where glwatch keeps its database.
struct StateConfig: Sendable, Equatable {
    /// The SQLite database file (absolute, or relative to the working directory when the config was read from a
    /// relative path).
    var path: String
    /// `state.postgres`: keep the state in PostgreSQL instead (any number of `glwatch run` replicas may share it
    /// and split the projects with leases); `nil` for SQLite at `path`.
    var postgres: PostgresStateConfig? = nil

    /// The default path: `$XDG_STATE_HOME/glwatch/state.db`, else `~/.local/state/glwatch/state.db`, else
    /// `./glwatch-state.db` when neither `XDG_STATE_HOME` nor `HOME` is set.
    static func defaultPath(variable: (String) -> String?) -> String {
        if let state = variable("XDG_STATE_HOME"), state.hasPrefix("/") { return "\(state)/glwatch/state.db" }
        if let home = variable("HOME"), !home.isEmpty { return "\(home)/.local/state/glwatch/state.db" }
        return "glwatch-state.db"
    }
}

/// `state.postgres:`: the PostgreSQL database holding glwatch's state.
struct PostgresStateConfig: Sendable, Equatable {
    /// The `postgres://user:password@host:port/database` URL, read from `url_env` or `url_file` at load (a secret:
    /// it holds the password).
    var url: Secret
    /// Where the URL came from (`environment variable GLWATCH_DATABASE_URL`), for messages.
    var source: String
    /// `lease_period`: how long project leases, the leader lease and a replica's heartbeat last unless renewed,
    /// in seconds (renewed every third of it).
    var leasePeriod: TimeInterval = 30
    /// `query_timeout`: how long one operation on the database may go without an answer before its connection is
    /// closed and the operation fails (tried again like any failure to reach the server), in seconds.
    var queryTimeout: TimeInterval = 30
}
