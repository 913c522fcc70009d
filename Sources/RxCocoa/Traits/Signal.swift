import RxSwift

/// The sharing strategy of `Signal`: shares while connected without replay, delivers on the main
/// scheduler.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// The main scheduler, unless mocked with `SharingScheduler.mock`.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// `share(scope: .whileConnected)`.
    ///
    /// - Parameter source: The sequence shared.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

/// A sequence of UI events: it never fails, delivers on the main thread, and shares one
/// subscription among its subscribers without replaying past elements to new ones.
///
/// Make one with `asSignal(onErrorJustReturn:)` (or `onErrorSignalWith:` / `onErrorRecover:`) and
/// consume it with `emit`. <doc:DriverAndSignal> has an example, and what a late subscriber gets.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Returns `self` as a `Signal`.
    public func asSignal() -> Signal<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
    /// A `Signal` that emits `onErrorJustReturn` and completes instead of failing.
    ///
    /// - Parameter onErrorJustReturn: The element emitted, before completing, in place of an error.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        shared(by: SignalSharingStrategy.self) { _ in .just(onErrorJustReturn) }
    }

    /// A `Signal` that continues with `onErrorSignalWith` instead of failing.
    ///
    /// - Parameter onErrorSignalWith: The sequence to continue with in place of an error.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        shared(by: SignalSharingStrategy.self) { _ in onErrorSignalWith.asObservable() }
    }

    /// A `Signal` that continues with the `Signal` `onErrorRecover` returns for the error.
    ///
    /// - Parameter onErrorRecover: Makes the sequence to continue with in place of an error.
    public func asSignal(onErrorRecover: @escaping (Swift.Error) -> Signal<Element>) -> Signal<Element> {
        shared(by: SignalSharingStrategy.self) { onErrorRecover($0).asObservable() }
    }
}

extension ControlEvent {
    /// The events as a `Signal`.
    public func asSignal() -> Signal<Element> {
        Signal(unfailing(asObservable(), "ControlEvent.asSignal()"))
    }
}

extension Infallible {
    /// The sequence as a `Signal`, delivering on the main scheduler.
    public func asSignal() -> Signal<Element> {
        shared(by: SignalSharingStrategy.self, recover: nil)
    }
}

extension PublishRelay {
    /// The relay's elements as a `Signal`.
    public func asSignal() -> Signal<Element> {
        shared(by: SignalSharingStrategy.self, recover: nil)
    }
}
