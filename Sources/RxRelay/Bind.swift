import RxSwift

extension ObservableType {
    /// Sends every element to each relay. Relays never terminate: completion is ignored, and an
    /// error goes to `Hooks.bindingErrorHandler` (debug builds stop with a message naming the
    /// relay, release builds log it).
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bind(relays, named: "PublishRelay") { relay, element in relay.accept(element) }
    }

    /// Sends every element, wrapped in an Optional, to each relay.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        map { $0 as Element? }.bind(relays, named: "PublishRelay") { relay, element in relay.accept(element) }
    }

    /// Makes every element the current value of each relay.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bind(relays, named: "BehaviorRelay") { relay, element in relay.accept(element) }
    }

    /// Makes every element, wrapped in an Optional, the current value of each relay.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        map { $0 as Element? }.bind(relays, named: "BehaviorRelay") { relay, element in relay.accept(element) }
    }

    /// Records every element in each relay.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bind(relays, named: "ReplayRelay") { relay, element in relay.accept(element) }
    }

    /// Records every element, wrapped in an Optional, in each relay.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        map { $0 as Element? }.bind(relays, named: "ReplayRelay") { relay, element in relay.accept(element) }
    }

    private func bind<Relay>(_ relays: [Relay], named name: String, accept: @escaping (Relay, Element) -> Void) -> Disposable {
        subscribe(
            onNext: { element in relays.forEach { accept($0, element) } },
            onError: { error in Hooks.bindingErrorHandler(error, name) })
    }
}
