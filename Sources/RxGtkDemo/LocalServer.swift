import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The gallery's HTTP service on 127.0.0.1, answering after a short delay as a real one would:
///
/// - `GET /search?q=TEXT&mode=prefix|contains`: a JSON array of the cities starting with (or
///   containing) TEXT;
/// - `GET /available?name=NAME`: `true` or `false` (some names are taken);
/// - `GET /signup?step=N`: one step of creating an account (`"ok"`);
/// - `GET /places?q=TEXT&page=N`: `{"items": [...], "total": T}`, 20 places per page.
final class LocalServer: Sendable {
    let port: UInt16
    private let socketDescriptor: Int32
    private let cities: [String]
    private let places: [String]
    static let takenNames: Set<String> = ["admin", "root", "rx", "swift", "gnome", "linux", "ada"]
    static let pageSize = 20

    init?(cities: [String], places: [String]) {
        self.cities = cities
        self.places = places
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
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

    /// The URL of `path` with `query` items.
    func url(_ path: String, _ query: [String: String]) -> URL {
        var components = URLComponents(string: "http://127.0.0.1:\(port)\(path)")!
        components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        return components.url!
    }

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
        let components = URLComponents(string: target)
        func parameter(_ name: String) -> String {
            components?.queryItems?.first { $0.name == name }?.value ?? ""
        }
        let body: Any
        switch components?.path ?? "/" {
        case "/search":
            let query = parameter("q").lowercased()
            let contains = parameter("mode") == "contains"
            body =
                query.isEmpty
                ? cities
                : cities.filter { contains ? $0.lowercased().contains(query) : $0.lowercased().hasPrefix(query) }
            usleep(60_000)
        case "/available":
            body = !Self.takenNames.contains(parameter("name").lowercased())
            usleep(400_000)
        case "/signup":
            body = "ok"
            usleep(350_000)
        case "/places":
            let query = parameter("q").lowercased()
            let matches = query.isEmpty ? places : places.filter { $0.lowercased().contains(query) }
            let start = (Int(parameter("page")) ?? 0) * Self.pageSize
            body =
                [
                    "items": Array(matches.dropFirst(start).prefix(Self.pageSize)), "total": matches.count,
                ] as [String: Any]
            usleep(250_000)
        default:
            body = "not found"
        }
        let data =
            (try? JSONSerialization.data(withJSONObject: body, options: .fragmentsAllowed)) ?? Data("null".utf8)
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(data.count)\r\nConnection: close\r\n\r\n"
        let response = Array(head.utf8) + Array(data)
        _ = response.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
