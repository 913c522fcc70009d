import Logging
import ServiceLifecycle

/// The feed as a service of a `ServiceGroup`: starts the producers when run, and on graceful
/// shutdown stops them and completes the feed, which ends every client's stream. List it after
/// the application (`[app, FeedService(feed)]`): a group shuts its services down in reverse
/// order, so the streams have ended when the server stops.
public struct FeedService: Service {
    /// The feed it runs.
    public let feed: Feed

    /// A service running `feed`.
    public init(_ feed: Feed) {
        self.feed = feed
    }

    /// Runs the feed until graceful shutdown (or cancellation), then completes it.
    public func run() async throws {
        feed.start()
        try? await gracefulShutdown()
        await feed.stop()
    }
}
