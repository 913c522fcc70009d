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

    func consume(
        onNext: ((Element) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?, by function: String
    ) -> Disposable {
        ensureMainThread(function)
        return asObservable().subscribe(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed.map(callOnMainSoon))
    }
}
