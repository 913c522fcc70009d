import Foundation
import RxSwift
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 server on 127.0.0.1 for the URLSession tests. Routes:
/// - `/json`, `/repos/...`: 200 with a JSON object;
/// - `/text`: 200 with a body that is not JSON;
/// - `/missing`: 404 with body `nope`;
/// - `/slow`: never answers; records when the client closes the connection.
final class LoopbackHTTPServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let closedSlowConnections = Locked(0)
    private let requestCount = Locked(0)

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// How many `/slow` connections the client has closed.
    var slowConnectionsClosed: Int { closedSlowConnections.withLock { $0 } }

    /// How many requests arrived.
    var requests: Int { requestCount.withLock { $0 } }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in handle(connection) }
        }
    }

    private func handle(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request.append(contentsOf: buffer[0..<count])
        }
        requestCount.withLock { $0 += 1 }
        let line = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let path = line.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        switch path {
        case "/slow":
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            if recv(connection, &buffer, buffer.count, 0) == 0 {
                closedSlowConnections.withLock { $0 += 1 }
            }
        case "/missing":
            respond(connection, status: "404 Not Found", type: "text/plain", body: "nope")
        case "/text":
            respond(connection, status: "200 OK", type: "text/plain", body: "not json")
        default:
            respond(
                connection, status: "200 OK", type: "application/json", body: #"{"name":"RxSwift","path":"\#(path)"}"#)
        }
    }

    private func respond(_ connection: Int32, status: String, type: String, body: String) {
        let bytes = Array(body.utf8)
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        let response = Array(head.utf8) + bytes
        var sent = 0
        while sent < response.count {
            let count = response[sent...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return }
            sent += count
        }
    }
}

private extension [UInt8] {
    var containsHeaderEnd: Bool {
        count >= 4
            && indices.dropLast(3).contains {
                self[$0] == 13 && self[$0 + 1] == 10 && self[$0 + 2] == 13 && self[$0 + 3] == 10
            }
    }
}
