import Foundation
import Notifier

/// `metrics:`: the operations listener — Prometheus `/metrics`, health probes, the status page (off unless asked for).
struct MetricsConfig: Sendable, Equatable {
    /// Whether `/metrics` is served.
    var enabled = false
    /// The host or address to listen on.
    var host = "127.0.0.1"
    /// The port to listen on.
    var port = 9464
    /// How long without a successful poll makes `/healthz` fail; `nil` derives it from the targets' cadences
    /// (`HealthMonitor.defaultUnhealthyAfter`).
    var unhealthyAfter: TimeInterval?
    /// Who may read the status page, its API and `/metrics` (`nil`: anyone who can reach the listener).
    var auth: OperationsAuth?
    /// The admin token (`admin_token_env` / `admin_token_file`): with it the status page can retry dead deliveries;
    /// `nil` keeps the page read-only.
    var adminToken: Secret?

    /// `host:port`, with IPv6 addresses in brackets.
    var listen: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// Splits `host:port` (`127.0.0.1:9464`, `[::1]:9464`, `:9464` for every address); `nil` when malformed.
    static func parse(listen text: String) -> (host: String, port: Int)? {
        var host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                return nil
            }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        if host.isEmpty { host = "0.0.0.0" }
        guard let port = Int(portText), (0...65_535).contains(port), !host.contains(where: \.isWhitespace) else {
            return nil
        }
        return (String(host), port)
    }
}
