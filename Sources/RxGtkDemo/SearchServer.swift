import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The demo's search endpoint: `GET /search?q=TEXT` on 127.0.0.1 answers a JSON array of the
/// cities starting with TEXT, after a short delay, as a real service would.
final class SearchServer: Sendable {
    let port: UInt16
    private let socketDescriptor: Int32
    private let cities: [String]

    init?(cities: [String]) {
        self.cities = cities
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            close(descriptor)
            return nil
        }
        var length = size
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        socketDescriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(socketDescriptor, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { [self] in answer(connection) }
            }
        }
    }

    var searchURL: URL { URL(string: "http://127.0.0.1:\(port)/search")! }

    private func answer(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 2048)
        while !String(decoding: request, as: UTF8.self).contains("\r\n\r\n") {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return }
            request += chunk[0..<count]
        }
        let target =
            String(decoding: request, as: UTF8.self).split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let query = URLComponents(string: target)?.queryItems?.first { $0.name == "q" }?.value ?? ""
        let matches = query.isEmpty ? cities : cities.filter { $0.lowercased().hasPrefix(query.lowercased()) }
        usleep(60_000)
        let body = (try? JSONSerialization.data(withJSONObject: matches)) ?? Data("[]".utf8)
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let response = Array(head.utf8) + Array(body)
        _ = response.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
