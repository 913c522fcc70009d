/// A type-erased observer that forwards every event to a wrapped observer or closure.
///
/// `AnyObserver` is `Sendable` when its elements are, so that the observer handed to
/// `Observable.create` can be captured by completion handlers running on other threads, as
/// RxSwift users do with URLSession. An observer of non-`Sendable` elements stays where it was
/// made: an element it carries to another thread could be read there and where it was made at once.
public struct AnyObserver<Element>: ObserverType {

    /// The closure form of an observer.
    public typealias EventHandler = (Event<Element>) -> Void

    private let handler: EventHandler
    /// The wrapped observer when it is one of the library's stages, so stages that hold this
    /// `AnyObserver` can still hand it bare elements (see `Receiver`).
    let receiver: Link?

    /// Creates an observer that calls `eventHandler` for each event.
    ///
    /// - Parameters:
    ///   - eventHandler: Receives each event, on its own actor when it belongs to one (in order,
    ///     as `observe(on:)` would deliver them).
    public init(eventHandler: @escaping @isolated(any) (Event<Element>) -> Void) {
        let (eventHandler, actor) = Isolation.split(eventHandler)
        self.handler = Isolation.delivering(eventHandler, on: actor)
        self.receiver = nil
    }

    /// Creates an observer that forwards each event to `observer`.
    ///
    /// - Parameter observer: The observer wrapped.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.handler = observer.on
        self.receiver = observer.elementReceiver
    }

    /// Forwards `event` to the wrapped observer.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Element>) {
        handler(event)
    }

    /// Returns `self`.
    public func asObserver() -> AnyObserver<Element> { self }

    /// The wrapped library observer that receives bare elements, if any (see
    /// `ObserverType._openRxReceiver`).
    public var _openRxReceiver: AnyObject? { receiver }
}

extension ObserverType {
    /// Erases the type of this observer.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

    /// Returns an observer that transforms each element with `transform` before forwarding it here.
    /// A thrown error is forwarded as an `error` event.
    ///
    /// - Parameters:
    ///   - transform: Maps each element; a thrown error fails the sequence.
    public func mapObserver<Result>(
        _ transform: @escaping @isolated(any) (Result) throws -> Element
    ) -> AnyObserver<Result> {
        let (transform, actor) = Isolation.split(transform)
        return AnyObserver(eventHandler: Isolation.delivering({ event in self.on(event.map(transform)) }, on: actor))
    }
}

extension AnyObserver: @unchecked Sendable where Element: Sendable {
    // @unchecked Sendable: the Rx grammar obliges callers to serialise `on`; the observers the library
    // wraps (including `receiver`, the same object as the wrapped observer) guard their own state with
    // the `Stage.state` atomic or a Mutex.
}
