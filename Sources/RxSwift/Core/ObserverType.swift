/// A type that receives the events of a sequence.
///
/// Callers never deliver two events to one observer at the same time, and never deliver
/// anything after a terminal event.
///
/// `SendableMetatype`: events arrive on any thread, so a conformance cannot be isolated to an actor
/// (with `InferIsolatedConformances`, a `@MainActor` type's `on(_:)` that touches main-actor state
/// is a compile error, not a call off the main thread).
public protocol ObserverType: SendableMetatype {
    /// The type of elements the observer receives.
    associatedtype Element

    /// Delivers one event to the observer.
    ///
    /// - Parameter event: The event.
    func on(_ event: Event<Element>)

    /// An implementation detail of OpenRx: the library's own observers return the object that
    /// receives their elements without `Event`, so that a subscription stage can skip `Event`. Do not
    /// implement it; the default, `nil`, is right for every observer defined outside the library.
    /// Not API: it may change in any release (ARCHITECTURE.md, "Rules for code on the per-element
    /// path").
    var _openRxReceiver: AnyObject? { get }
}

extension ObserverType {
    /// `nil`: an observer defined outside the library (see the requirement).
    public var _openRxReceiver: AnyObject? { nil }
}

extension ObserverType {
    /// Delivers `.next(element)`.
    ///
    /// - Parameter element: The element.
    public func onNext(_ element: Element) { on(.next(element)) }

    /// Delivers `.completed`.
    public func onCompleted() { on(.completed) }

    /// Delivers `.error(error)`.
    ///
    /// - Parameter error: The error.
    public func onError(_ error: Swift.Error) { on(.error(error)) }
}

extension ObserverType {
    /// The element type, by its RxSwift 4 name.
    @available(*, deprecated, message: "Use `Element` instead.")
    public typealias E = Element
}
