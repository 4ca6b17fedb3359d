import ChildProcess
import Foundation
import Logging
import NIOCore
import Notifier
import Testing
import Watcher

@testable import GLWatchDev

#if canImport(Glibc)
import Glibc
#endif

/// The soak's webhook receiver comes back on its port after an outage even when the port was briefly taken (a CI run
/// of the soak failed with "Address already in use" when it restarted on a port of the ephemeral range).
@Suite struct SoakReceiverTests {
    static func receiver() throws -> SoakReceiver {
        var logger = Logger(label: "soak-receiver-test")
        logger.logLevel = .critical
        return try SoakReceiver(secret: Secret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"), logger: logger)
    }

    static func port(of receiver: SoakReceiver) throws -> Int {
        let url = try #require(URL(string: receiver.url(for: "main")))
        return try #require(url.port)
    }

    @Test func testStart_listensOnAFreePortBelowTheEphemeralRange() async throws {
        let receiver = try Self.receiver()
        try await receiver.start()
        defer { Task { await receiver.stop() } }

        let port = try Self.port(of: receiver)
        #expect(port < LoopbackPort.ephemeralRange().lowerBound && port >= 1024)
        #expect(Socket.connects(to: port))
    }

    @Test func testComingBackUp_whileThePortIsBrieflyHeld_listensOnItOnceItIsFree() async throws {
        // Given a receiver that went down, and someone else listening on its port meanwhile
        let receiver = try Self.receiver()
        try await receiver.start()
        let port = try Self.port(of: receiver)
        try await receiver.set(.refusing)
        let holder = try Socket.listen(on: port)

        // When it comes back up while the port is held, and the holder lets go after a second
        let comingBack = Task { try await receiver.set(.up) }
        try await Task.sleep(for: .seconds(1))
        holder.close()
        try await comingBack.value

        // Then it is up, on the same port
        #expect(receiver.mode == .up)
        #expect(try Self.port(of: receiver) == port)
        #expect(Socket.connects(to: port))
        await receiver.stop()
    }

    @Test func testStart_portHeldLongerThanItsPatience_throwsAddressInUse() async throws {
        // Given a receiver that went down, and its port held for good
        let receiver = try Self.receiver()
        try await receiver.start()
        let port = try Self.port(of: receiver)
        await receiver.stop()
        let holder = try Socket.listen(on: port)
        defer { holder.close() }

        // When it starts again with half a second of patience, then it gives up saying why
        let error = await #expect(throws: IOError.self) { try await receiver.start(patience: .milliseconds(500)) }
        #expect(error?.errnoCode == EADDRINUSE)
    }
}

/// A plain TCP socket of 127.0.0.1, to hold a port or to see whether something listens on one.
private struct Socket {
    let descriptor: Int32

    struct Failure: Error { let step: String }

    static func listen(on port: Int) throws -> Socket {
        let socket = Socket(descriptor: Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        var one: Int32 = 1
        setsockopt(socket.descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.address(port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, Glibc.listen(socket.descriptor, 8) == 0 else {
            socket.close()
            throw Failure(step: "bind/listen on \(port): errno \(errno)")
        }
        return socket
    }

    static func connects(to port: Int) -> Bool {
        let socket = Socket(descriptor: Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        defer { socket.close() }
        var address = Self.address(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    static func address(_ port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    func close() { _ = Glibc.close(descriptor) }
}
