/// `deferred`: calls its factory for each subscription and subscribes the receiver to the result
/// directly (no stage of its own in between). When the factory returns another `deferred` with no
/// actor of its own, that one's factory is called here too, in a loop, so that a chain of deferred
/// sequences 100,000 deep subscribes without a deeper stack (issue 64): the factories run in the
/// same order, on the same thread, as they would nested.
final class DeferredObservable<Element>: Producer<Element> {
    private let factory: () throws -> Observable<Element>

    init(factory: @escaping () throws -> Observable<Element>) {
        self.factory = factory
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        var factory = factory
        while true {
            let made: Observable<Element>
            do {
                made = try factory()
            } catch {
                receiver.receiveError(error)
                return NopDisposable.shared
            }
            guard let nested = made as? DeferredObservable<Element> else { return made.subscribe(receiver: receiver) }
            factory = nested.factory
        }
    }
}

extension ObservableType {
    /// A sequence that calls `observableFactory` for each subscriber and subscribes to the result.
    /// A thrown error becomes the sequence's error.
    ///
    /// - Parameters:
    ///   - observableFactory: Makes the sequence for each subscription; a thrown error fails it.
    public static func deferred(
        _ observableFactory: @escaping @isolated(any) () throws -> Observable<Element>
    ) -> Observable<Element> {
        let (observableFactory, actor) = Isolation.split(observableFactory)
        return DeferredObservable(factory: observableFactory).subscribed(on: actor)
    }
}
