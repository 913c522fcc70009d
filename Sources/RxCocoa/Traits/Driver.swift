import RxSwift

/// The sharing strategy of `Driver`: replays the latest element to new subscribers while
/// connected, delivers on the main scheduler.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// The main scheduler, unless mocked with `SharingScheduler.mock`.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// `share(replay: 1, scope: .whileConnected)`.
    ///
    /// - Parameter source: The sequence shared.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

/// A sequence for driving UI: it never fails, delivers on the main thread, and shares one
/// subscription among its subscribers, replaying the latest element to each new one.
///
/// Make one with `asDriver(onErrorJustReturn:)` (or `onErrorDriveWith:` / `onErrorRecover:`) and
/// consume it with `drive`. <doc:DriverAndSignal> has an example, and what a late subscriber gets.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Returns `self` as a `Driver`.
    public func asDriver() -> Driver<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
    /// A `Driver` that emits `onErrorJustReturn` and completes instead of failing.
    ///
    /// - Parameter onErrorJustReturn: The element emitted, before completing, in place of an error.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        shared(by: DriverSharingStrategy.self) { _ in .just(onErrorJustReturn) }
    }

    /// A `Driver` that continues with `onErrorDriveWith` instead of failing.
    ///
    /// - Parameter onErrorDriveWith: The sequence to continue with in place of an error.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        shared(by: DriverSharingStrategy.self) { _ in onErrorDriveWith.asObservable() }
    }

    /// A `Driver` that continues with the `Driver` `onErrorRecover` returns for the error.
    ///
    /// - Parameter onErrorRecover: Makes the sequence to continue with in place of an error.
    public func asDriver(onErrorRecover: @escaping (Swift.Error) -> Driver<Element>) -> Driver<Element> {
        shared(by: DriverSharingStrategy.self) { onErrorRecover($0).asObservable() }
    }
}

extension ControlProperty {
    /// The property's values as a `Driver`.
    public func asDriver() -> Driver<Element> {
        Driver(unfailing(asObservable(), "ControlProperty.asDriver()"))
    }
}

extension ControlEvent {
    /// The events as a `Driver`.
    public func asDriver() -> Driver<Element> {
        Driver(unfailing(asObservable(), "ControlEvent.asDriver()"))
    }
}

extension Infallible {
    /// The sequence as a `Driver`, delivering on the main scheduler.
    public func asDriver() -> Driver<Element> {
        shared(by: DriverSharingStrategy.self, recover: nil)
    }
}

extension BehaviorRelay {
    /// The relay's values (its current one first) as a `Driver`.
    public func asDriver() -> Driver<Element> {
        shared(by: DriverSharingStrategy.self, recover: nil)
    }
}
