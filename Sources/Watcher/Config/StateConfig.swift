/// `state:`: where glwatch keeps its database.
struct StateConfig: Sendable, Equatable {
    /// The SQLite database file (absolute, or relative to the working directory when the config was read from a
    /// relative path).
    var path: String

    /// The default path: `$XDG_STATE_HOME/glwatch/state.db`, else `~/.local/state/glwatch/state.db`, else
    /// `./glwatch-state.db` when neither `XDG_STATE_HOME` nor `HOME` is set.
    static func defaultPath(variable: (String) -> String?) -> String {
        if let state = variable("XDG_STATE_HOME"), state.hasPrefix("/") { return "\(state)/glwatch/state.db" }
        if let home = variable("HOME"), !home.isEmpty { return "\(home)/.local/state/glwatch/state.db" }
        return "glwatch-state.db"
    }
}
