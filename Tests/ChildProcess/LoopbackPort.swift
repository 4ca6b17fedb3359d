import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ports of 127.0.0.1 for test servers that stop and start again on the same port (the soak's webhook receiver, a
/// receiver outage, a PostgreSQL restart).
///
/// A port the kernel handed out for `bind(0)` lies in its ephemeral range, the range client connections take their
/// local ports from. While such a server is down, any client connection may take its port — and on loopback a client
/// that keeps connecting to the closed port can even connect to itself (TCP simultaneous open) — so the restart
/// fails with "Address already in use". That is how a CI run of the soak failed (stop 38). A port below the
/// ephemeral range is never taken by a client connection.
public enum LoopbackPort {
    /// The kernel's ephemeral port range (`/proc/sys/net/ipv4/ip_local_port_range`), or Linux's default 32768–60999
    /// when it cannot be read.
    public static func ephemeralRange(
        from file: String = "/proc/sys/net/ipv4/ip_local_port_range"
    ) -> ClosedRange<Int> {
        let fallback = 32768...60999
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return fallback }
        let bounds = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] <= bounds[1] else { return fallback }
        return bounds[0]...bounds[1]
    }

    /// Where ports are drawn from: the 10,000 ports below the ephemeral range (no lower than 1024).
    public static func candidates(below ephemeral: ClosedRange<Int>) -> Range<Int> {
        let upper = max(1025, ephemeral.lowerBound)
        return max(1024, upper - 10_000)..<upper
    }

    /// A port of 127.0.0.1 that is free now and outside the ephemeral range, drawn at random (so that concurrent
    /// test processes rarely draw the same one) and checked by binding it.
    ///
    /// - Throws: `LoopbackPortError` when 200 draws found none free.
    public static func outsideEphemeralRange() throws -> Int {
        let candidates = candidates(below: ephemeralRange())
        for _ in 0..<200 {
            let port = Int.random(in: candidates)
            if isFree(port) { return port }
        }
        throw LoopbackPortError(range: candidates)
    }

    /// Whether a TCP listener could bind 127.0.0.1:`port` now (with `SO_REUSEADDR`, as SwiftNIO's servers bind).
    public static func isFree(_ port: Int) -> Bool {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return bound == 0
    }
}

/// No free port was found outside the ephemeral range.
public struct LoopbackPortError: Error, CustomStringConvertible {
    /// The ports that were tried.
    public let range: Range<Int>

    public var description: String {
        "no free port of 127.0.0.1 found in \(range.lowerBound)–\(range.upperBound - 1) (below the ephemeral range)"
    }
}
