/// A type that receives the events of a sequence.
///
/// Callers never deliver two events to one observer at the same time, and never deliver
/// anything after a terminal event.
public protocol ObserverType {
    /// The type of elements the observer receives.
    associatedtype Element

    /// Delivers one event to the observer.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Delivers `.next(element)`.
    public func onNext(_ element: Element) { on(.next(element)) }

    /// Delivers `.completed`.
    public func onCompleted() { on(.completed) }

    /// Delivers `.error(error)`.
    public func onError(_ error: Swift.Error) { on(.error(error)) }
}

extension ObserverType {
    /// The element type, by its RxSwift 4 name.
    @available(*, deprecated, message: "Use `Element` instead.")
    public typealias E = Element
}
