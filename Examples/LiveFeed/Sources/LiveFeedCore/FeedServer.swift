import Foundation
import Hummingbird
import Logging
import NIOCore
import RxSwift

/// A request's context: Hummingbird's basic one plus the connection's event loop, where the
/// client's pipeline delivers and sets its timers.
public struct FeedRequestContext: RequestContext {
    /// Hummingbird's own part of the context.
    public var coreContext: CoreRequestContextStorage
    /// The loop of the connection the request came on.
    public let eventLoop: any EventLoop

    /// The context of a request on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        eventLoop = source.channel.eventLoop
    }
}

/// The feed's HTTP server: the page, the event stream and the counters.
///
/// - `GET /`: a page that draws the feed live (``FeedPage``).
/// - `GET /feed?sensor=&throttle=&window=`: the client's pipeline (``FeedQuery``) as Server-Sent
///   Events; a bad query gets 400 and the reason. The stream ends when the feed completes
///   (shutdown) and its subscription is disposed when the client goes away.
/// - `GET /stats`: `{"clients":…,"readings":…,"resources":…}` (connected client pipelines,
///   readings sent, and RxSwift's `Resources.total` in a debug build).
public enum FeedServer {
    /// How many bytes of events may wait for a client before its stream ends with
    /// `event: overflow` (none is dropped silently): about 500 readings.
    public static let backlogBytes = 64 * 1024

    /// The router of the feed's three routes.
    public static func router(feed: Feed, heartbeat: RxTimeInterval = .seconds(5)) -> Router<FeedRequestContext> {
        let router = Router(context: FeedRequestContext.self)
        router.get("/") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: FeedPage.html)))
        }
        router.get("/stats") { _, _ in
            let json =
                "{\"clients\":\(feed.connectedClients),\"readings\":\(feed.readingsSent),\"resources\":\(Resources.total)}"
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: json)))
        }
        router.get("/feed") { request, context -> Response in
            let query: FeedQuery
            do throws(FeedQueryError) {
                query = try FeedQuery(
                    parameters: request.uri.queryParameters.map { (String($0.key), String($0.value)) })
            } catch {
                throw HTTPError(.badRequest, message: error.description)
            }
            let eventLoop = context.eventLoop
            context.logger.debug("client connected", metadata: ["query": "\(query)"])
            let body = ResponseBody { writer in
                let scheduler = EventLoopScheduler(eventLoop)
                // Timers (throttle, window, heartbeat) run on the connection's loop. Readings go
                // from the producer's thread straight into the bounded stream: no observe(on:),
                // whose queue (unbounded, as RxSwift's) would grow without limit behind a client
                // or a loop that cannot keep up; the stream's bound is the one buffer.
                let events = feed.clientPipeline(
                    withHeartbeat(
                        query.events(from: feed.readings, scheduler: scheduler), every: heartbeat, scheduler: scheduler)
                )
                let outbox = ClientOutbox(limit: backlogBytes)
                let subscription = events.subscribe(
                    onNext: { outbox.append($0) }, onError: { _ in outbox.finish() }, onCompleted: { outbox.finish() })
                defer { subscription.dispose() }
                while true {
                    switch await outbox.next() {
                    case .text(let text): try await writer.write(ByteBuffer(string: text))
                    case .end(let overflowed):
                        if overflowed { try await writer.write(ByteBuffer(string: ServerSentEvent.overflow)) }
                        try await writer.finish(nil)
                        return
                    }
                }
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: body)
        }
        return router
    }

    /// `events` with a heartbeat comment every `period` while they go on; ends when they end.
    static func withHeartbeat(
        _ events: Observable<String>, every period: RxTimeInterval, scheduler: SchedulerType
    ) -> Observable<String> {
        events.multicast(
            { PublishSubject<String>() },
            selector: { shared in
                let ended = shared.ignoreElements().asCompletable().andThen(Observable.just(()))
                let beats = Observable<Int>.interval(period, scheduler: scheduler).map { _ in ServerSentEvent.heartbeat
                }
                return Observable.merge(shared, beats.take(until: ended))
            })
    }
}
