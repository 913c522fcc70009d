import RxSwift

// What `drive` and `emit` share: every form checks that it runs on the main thread, then
// subscribes; closures are called on the main thread.

extension SharedSequenceConvertibleType {
    func consume<Observer: ObserverType>(_ observers: [Observer], by function: String) -> Disposable
    where Observer.Element == Element {
        ensureMainThread(function)
        return asObservable().subscribe { event in observers.forEach { $0.on(event) } }
    }

    func consumeOptional<Observer: ObserverType>(_ observers: [Observer], by function: String) -> Disposable
    where Observer.Element == Element? {
        ensureMainThread(function)
        return asObservable().map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    func consume<Relay>(
        _ relays: [Relay], by function: String, accept: @escaping (Relay, Element) -> Void
    ) -> Disposable {
        ensureMainThread(function)
        return asObservable().subscribe(onNext: { element in relays.forEach { accept($0, element) } })
    }

    /// The closures run on their own actor (on main for the main actor's and nonisolated ones:
    /// the sequence delivers there); `onDisposed` runs on main, or on its actor.
    func consume(
        onNext: (@isolated(any) (Element) -> Void)?, onCompleted: (@isolated(any) () -> Void)?,
        onDisposed: (@isolated(any) () -> Void)?, by function: String
    ) -> Disposable {
        ensureMainThread(function)
        let (onDisposed, disposedActor) = Isolation.split(onDisposed)
        let onDisposedThere = onDisposed.map { Isolation.performing($0, on: disposedActor ?? MainActor.shared) }
        return asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposedThere)
    }
}
