import NIOCore
import NIOPosix
import PostgresNIO

extension StateStoreError {
    /// Translates an error from postgres-nio into a `StateStoreError` naming `location` (`user@host:port/db`);
    /// other errors (our own, `CancellationError`) pass through unchanged.
    ///
    /// Only the server's message and SQLSTATE and the transport's reason are kept: never the password, the URL,
    /// or the query's bound values (`PSQLError`'s debug description carries the query).
    static func mapping(_ error: any Error, location: String) -> any Error {
        if let error = error as? PSQLError {
            return mapping(error, location: location)
        }
        if error is StateStoreError || error is CancellationError { return error }
        if let error = error as? ChannelError {
            return StateStoreError.databaseUnreachable(location: location, reason: "\(error)")
        }
        if let error = error as? NIOConnectionError {
            let reasons = error.connectionErrors.map { "\($0.error)" } + (error.dnsAAAAError.map { ["\($0)"] } ?? [])
            return StateStoreError.databaseUnreachable(
                location: location,
                reason: reasons.first ?? "connection failed"
            )
        }
        // While no connection can be made, postgres-nio's pool holds requests, then fails them all with its own
        // `ConnectionPoolError` (from an underscored module glwatch does not link to): the database is unreachable.
        if String(reflecting: type(of: error)).hasSuffix("ConnectionPoolModule.ConnectionPoolError") {
            return StateStoreError.databaseUnreachable(
                location: location, reason: "no connection could be made to it for a minute (\(error))"
            )
        }
        return error
    }

    private static func mapping(_ error: PSQLError, location: String) -> any Error {
        switch error.code {
        case .server:
            let sqlState = error.serverInfo?[.sqlState] ?? "?????"
            let message = error.serverInfo?[.message] ?? "no message"
            switch sqlState {
            case "28P01", "28000":
                return StateStoreError.authenticationFailed(location: location)
            case "53100":
                return StateStoreError.diskFull(path: location)
            case "40001", "40P01", "55P03":
                return StateStoreError.busy(path: location)
            default:
                return StateStoreError.postgres(location: location, sqlState: sqlState, message: message)
            }
        case .authMechanismRequiresPassword, .saslError, .unsupportedAuthMechanism:
            return StateStoreError.authenticationFailed(location: location)
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed,
            .sslUnsupported, .failedToAddSSLHandler:
            let reason = error.underlying.map { mapping($0, location: location) }.map(reasonText) ?? "\(error.code)"
            return StateStoreError.databaseUnreachable(location: location, reason: reason)
        default:
            return StateStoreError.postgres(location: location, sqlState: "client", message: "\(error.code)")
        }
    }

    /// The reason inside an unreachable-database error, or the error's own text.
    private static func reasonText(_ error: any Error) -> String {
        if case StateStoreError.databaseUnreachable(_, let reason) = error { return reason }
        return "\(error)"
    }
}
