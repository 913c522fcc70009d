/// When a test sequence was subscribed to and when that subscription was disposed.
public struct Subscription: Equatable, Hashable, CustomDebugStringConvertible, Sendable {
    /// The virtual time of the subscription.
    public let subscribe: TestTime
    /// The virtual time of disposal (`Int.max` while still subscribed).
    public let unsubscribe: TestTime

    /// A subscription made at `subscribe` and still active.
    ///
    /// - Parameter subscribe: The virtual time of the subscription.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, Int.max)
    }

    /// A subscription made at `subscribe` and disposed at `unsubscribe`.
    ///
    /// - Parameters:
    ///   - subscribe: The virtual time of the subscription.
    ///   - unsubscribe: The virtual time of its end.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(subscribe: unsubscribe)`, with `Infinity` for an active subscription, as RxSwift prints it.
    public var debugDescription: String {
        let end = unsubscribe == Int.max ? "Infinity" : String(unsubscribe)
        return "(\(subscribe): \(end))"
    }
}
