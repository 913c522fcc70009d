import Foundation
import RxSwift
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The errors of the `URLSession` extensions.
public enum RxCocoaURLError: Swift.Error, CustomDebugStringConvertible {
    /// The task ended without a response or an error.
    case unknown
    /// The response was not an HTTP response.
    case nonHTTPResponse(response: URLResponse)
    /// The status code was outside 200…299.
    case httpRequestFailed(response: HTTPURLResponse, data: Data?)
    /// The body could not be read as JSON.
    case deserializationError(error: Swift.Error)

    /// A description for debugging.
    public var debugDescription: String {
        switch self {
        case .unknown:
            return "Unknown error has occurred."
        case .nonHTTPResponse(let response):
            return "Response is not NSHTTPURLResponse `\(response)`."
        case .httpRequestFailed(let response, _):
            return "HTTP request failed with `\(response.statusCode)`."
        case .deserializationError(let error):
            return "Error during deserialization of the response: \(error)"
        }
    }
}

/// The filter behind `Reactive<URLSession>.shouldLogRequest`.
private let requestLogFilter = Locked<@Sendable (URLRequest) -> Bool>({ _ in false })

extension Reactive where Base == URLSession {
    /// Decides which requests `response(request:)` (and the operators built on it) print as a
    /// `curl` command before sending them. None by default (RxSwift logs every request in
    /// debug builds); set it to `{ _ in true }` to see them.
    public static var shouldLogRequest: @Sendable (URLRequest) -> Bool {
        get { requestLogFilter.withLock { $0 } }
        set { requestLogFilter.withLock { $0 = newValue } }
    }
}

/// Prints `request` as a `curl` command when `shouldLogRequest` asks for it.
private func logIfRequested(_ request: URLRequest) {
    guard Reactive<URLSession>.shouldLogRequest(request) else { return }
    var command = "curl -X \(request.httpMethod ?? "GET")"
    for (field, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
        command += " -H \"\(field): \(value)\""
    }
    if let body = request.httpBody, let text = String(data: body, encoding: .utf8) {
        command += " -d \"\(text)\""
    }
    print(command + " \"\(request.url?.absoluteString ?? "")\"")
}

extension Reactive where Base: URLSession {
    /// Performs `request` when subscribed: emits the HTTP response with its body and completes, or
    /// fails with the transport error (`RxCocoaURLError.nonHTTPResponse` for a non-HTTP response).
    /// Any status code is a success here. Disposing cancels the task.
    ///
    /// - Parameter request: The request to send.
    public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
        let session = UncheckedReference(base)
        return Observable.create { observer in
            logIfRequested(request)
            let task = session.value.dataTask(with: request) { data, response, error in
                guard let response, let data else {
                    observer.on(.error(error ?? RxCocoaURLError.unknown))
                    return
                }
                guard let http = response as? HTTPURLResponse else {
                    observer.on(.error(RxCocoaURLError.nonHTTPResponse(response: response)))
                    return
                }
                observer.on(.next((http, data)))
                observer.on(.completed)
            }
            task.resume()
            let running = UncheckedReference(task)
            return Disposables.create { running.value.cancel() }
        }
    }

    /// Performs `request` when subscribed: emits the body and completes when the status code is
    /// in 200…299, otherwise fails with `RxCocoaURLError.httpRequestFailed`. Disposing cancels the
    /// task.
    ///
    /// - Parameter request: The request to send.
    public func data(request: URLRequest) -> Observable<Data> {
        response(request: request).map { response, data in
            guard 200..<300 ~= response.statusCode else {
                throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
            }
            return data
        }
    }

    /// Performs `request` and parses the body as JSON (`RxCocoaURLError.deserializationError` if it
    /// is not).
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - options: The options of `JSONSerialization`.
    public func json(request: URLRequest, options: JSONSerialization.ReadingOptions = []) -> Observable<Any> {
        data(request: request).map { data in
            do {
                return try JSONSerialization.jsonObject(with: data, options: options)
            } catch {
                throw RxCocoaURLError.deserializationError(error: error)
            }
        }
    }

    /// Fetches `url` and parses the body as JSON.
    ///
    /// - Parameter url: The URL to request.
    public func json(url: URL) -> Observable<Any> {
        json(request: URLRequest(url: url))
    }
}
