import Foundation
import RxCocoa
import RxSwift
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class URLSessionTests: RxTestCase {
    private var server: LoopbackHTTPServer!
    private var session: URLSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try LoopbackHTTPServer()
        session = URLSession(configuration: .ephemeral)
    }

    override func tearDown() {
        session.invalidateAndCancel()
        session = nil
        server.stop()
        server = nil
        super.tearDown()
    }

    /// Subscribes and waits (bounded) for the terminal event; returns the elements and the error.
    private func waitForTerminal<Element>(
        _ source: Observable<Element>
    ) -> (elements: [Element], error: Error?, completed: Bool) {
        let done = DispatchSemaphore(value: 0)
        let result = UncheckedSendable(LockedBox<Int>(0))
        _ = result
        nonisolated(unsafe) var elements: [Element] = []
        nonisolated(unsafe) var failure: Error?
        nonisolated(unsafe) var completed = false
        let subscription = source.subscribe(
            onNext: { elements.append($0) },
            onError: {
                failure = $0; done.signal()
            },
            onCompleted: {
                completed = true; done.signal()
            })
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the request did not finish")
        subscription.dispose()
        return (elements, failure, completed)
    }

    private func request(_ path: String) -> URLRequest {
        URLRequest(url: server.baseURL.appendingPathComponent(path))
    }

    func testDataEmitsTheBodyAndCompletes() {
        let result = waitForTerminal(session.rx.data(request: request("json")))
        XCTAssertNil(result.error)
        XCTAssertTrue(result.completed)
        XCTAssertEqual(
            result.elements.map { String(decoding: $0, as: UTF8.self) }, [#"{"name":"RxSwift","path":"/json"}"#])
    }

    func testJSONParsesTheBody() {
        let result = waitForTerminal(session.rx.json(url: server.baseURL.appendingPathComponent("json")))
        XCTAssertEqual((result.elements.first as? [String: Any])?["name"] as? String, "RxSwift")
        XCTAssertTrue(result.completed)
    }

    func testResponseSucceedsForAnyStatus() {
        let result = waitForTerminal(session.rx.response(request: request("missing")))
        XCTAssertEqual(result.elements.map(\.response.statusCode), [404])
        XCTAssertEqual(result.elements.map { String(decoding: $0.data, as: UTF8.self) }, ["nope"])
        XCTAssertTrue(result.completed)
    }

    func testDataFailsForANonSuccessStatus() {
        let result = waitForTerminal(session.rx.data(request: request("missing")))
        XCTAssertTrue(result.elements.isEmpty)
        guard case .httpRequestFailed(let response, let data)? = result.error as? RxCocoaURLError else {
            return XCTFail("expected httpRequestFailed, got \(String(describing: result.error))")
        }
        XCTAssertEqual(response.statusCode, 404)
        XCTAssertEqual(data.map { String(decoding: $0, as: UTF8.self) }, "nope")
    }

    func testJSONFailsWithDeserializationErrorForABodyThatIsNotJSON() {
        let result = waitForTerminal(session.rx.json(request: request("text")))
        guard case .deserializationError? = result.error as? RxCocoaURLError else {
            return XCTFail("expected deserializationError, got \(String(describing: result.error))")
        }
    }

    func testTransportErrorIsForwarded() {
        server.stop()
        let result = waitForTerminal(session.rx.data(request: request("json")))
        XCTAssertNotNil(result.error as? URLError)
        XCTAssertTrue(result.elements.isEmpty)
    }

    func testNothingIsRequestedBeforeSubscription() {
        _ = session.rx.data(request: request("json"))
        let result = waitForTerminal(session.rx.data(request: request("json")))
        XCTAssertTrue(result.completed)
        XCTAssertEqual(server.requests, 1)
    }

    func testDisposingCancelsTheTask() {
        let events = LockedBox<Int>(0)
        let subscription = session.rx.data(request: request("slow")).subscribe { _ in events.mutate { $0 += 1 } }
        let deadline = Date().addingTimeInterval(10)
        while server.requests == 0 && Date() < deadline { usleep(1_000) }
        XCTAssertEqual(server.requests, 1)
        subscription.dispose()
        while server.slowConnectionsClosed == 0 && Date() < deadline { usleep(1_000) }
        XCTAssertEqual(server.slowConnectionsClosed, 1, "the client closed the connection")
        XCTAssertEqual(events.value, 0, "no event after disposal")
    }

    /// The seeds' `getRepo`: a Single built on URLSession's completion handler, which runs on
    /// another thread (so the observer handed to `create` must be Sendable).
    func testSeedGetRepoSingle() {
        enum DataError: Error { case cantParseJSON }
        let base = server.baseURL
        let session = self.session!
        func getRepo(_ repo: String) -> Single<[String: Any]> {
            Single<[String: Any]>.create { single in
                let task = session.dataTask(with: base.appendingPathComponent("repos/\(repo)")) { data, _, error in
                    if let error = error {
                        single(.failure(error))
                        return
                    }
                    guard let data = data,
                        let json = try? JSONSerialization.jsonObject(with: data, options: .mutableLeaves),
                        let result = json as? [String: Any]
                    else {
                        single(.failure(DataError.cantParseJSON))
                        return
                    }
                    single(.success(result))
                }
                task.resume()
                return Disposables.create { task.cancel() }
            }
        }
        let result = waitForTerminal(getRepo("ReactiveX/RxSwift").asObservable())
        XCTAssertEqual(result.elements.first?["path"] as? String, "/repos/ReactiveX/RxSwift")
        XCTAssertTrue(result.completed)
    }
}
