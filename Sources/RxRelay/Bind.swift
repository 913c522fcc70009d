import RxSwift

extension ObservableType {
    /// Sends every element to each relay. Relays never terminate: completion is ignored, and an
    /// error goes to `Hooks.bindingErrorHandler` (debug builds stop with a message naming the
    /// relay, release builds log it).
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bindRelays(relays, named: "PublishRelay") { $0.accept($1) }
    }

    /// Sends every element, wrapped in an Optional, to each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        bindRelays(relays, named: "PublishRelay") { $0.accept($1) }
    }

    /// Makes every element the current value of each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bindRelays(relays, named: "BehaviorRelay") { $0.accept($1) }
    }

    /// Makes every element, wrapped in an Optional, the current value of each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        bindRelays(relays, named: "BehaviorRelay") { $0.accept($1) }
    }

    /// Records every element in each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bindRelays(relays, named: "ReplayRelay") { $0.accept($1) }
    }

    /// Records every element, wrapped in an Optional, in each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        bindRelays(relays, named: "ReplayRelay") { $0.accept($1) }
    }
}

extension InfallibleType {
    /// Sends every element to each relay; completion is ignored.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        asObservable().bindRelays(relays, named: "PublishRelay") { $0.accept($1) }
    }

    /// Sends every element, wrapped in an Optional, to each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        asObservable().bindRelays(relays, named: "PublishRelay") { $0.accept($1) }
    }

    /// Makes every element the current value of each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        asObservable().bindRelays(relays, named: "BehaviorRelay") { $0.accept($1) }
    }

    /// Makes every element, wrapped in an Optional, the current value of each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        asObservable().bindRelays(relays, named: "BehaviorRelay") { $0.accept($1) }
    }

    /// Records every element in each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        asObservable().bindRelays(relays, named: "ReplayRelay") { $0.accept($1) }
    }

    /// Records every element, wrapped in an Optional, in each relay.
    ///
    /// - Parameter relays: The relays that receive the elements.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        asObservable().bindRelays(relays, named: "ReplayRelay") { $0.accept($1) }
    }
}

extension ObservableType {
    func bindRelays<Relay>(
        _ relays: [Relay], named name: String, accept: @escaping (Relay, Element) -> Void
    ) -> Disposable {
        subscribe(
            onNext: { element in relays.forEach { accept($0, element) } },
            onError: { error in Hooks.bindingErrorHandler(error, name) })
    }
}
