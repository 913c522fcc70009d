/// A sequence of the elements of one group, with the group's key.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key shared by the group's elements.
    public let key: Key
    private let source: Observable<Element>

    /// Creates a group with `key` whose elements come from `source`.
    ///
    /// - Parameters:
    ///   - key: The group's key.
    ///   - source: The sequence wrapped.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's elements.
    ///
    /// - Parameter observer: The observer that receives the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The group's elements as an `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

/// Observes the source of `groupBy`: one subject per key. The source's subscription is
/// reference counted: disposing the outer subscription ends it only once no group is subscribed
/// (RxSwift's rule), and new groups are then no longer emitted.
final class GroupByObserver<Key: Hashable, Element>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `groups` and `emitted` change only in serial `on` calls (the Rx grammar); the rest
    // is immutable or thread-safe (observer, disposables).
    private let keySelector: (Element) throws -> Key
    private let downstream: AnyObserver<GroupedObservable<Key, Element>>
    private var groups: [Key: PublishSubject<Element>] = [:]
    /// The groups in the order they were emitted: they end in that order (a dictionary's order
    /// changes from one run to the next).
    private var emitted: [PublishSubject<Element>] = []
    let sourceSubscription = SingleAssignmentDisposable()
    let subscription: RefCountDisposable

    init(keySelector: @escaping (Element) throws -> Key, downstream: AnyObserver<GroupedObservable<Key, Element>>) {
        self.keySelector = keySelector
        self.downstream = downstream
        subscription = RefCountDisposable(disposable: sourceSubscription)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let key: Key
            do {
                key = try keySelector(element)
            } catch {
                return finish(.error(error))
            }
            let group: PublishSubject<Element>
            if let existing = groups[key] {
                group = existing
            } else {
                group = PublishSubject()
                groups[key] = group
                emitted.append(group)
                let subscription = self.subscription
                let members = Observable<Element>.create { observer in
                    let retained = subscription.retain()
                    return Disposables.create(group.subscribe(observer), retained)
                }
                downstream.onNext(GroupedObservable(key: key, source: members))
            }
            group.onNext(element)
        case .error(let error):
            finish(.error(error))
        case .completed:
            finish(.completed)
        }
    }

    private func finish(_ event: Event<Element>) {
        let open = emitted
        groups = [:]
        emitted = []
        for group in open { group.on(event) }
        switch event {
        case .error(let error): downstream.onError(error)
        default: downstream.onCompleted()
        }
    }
}

extension ObservableType {
    /// Splits the source into one sequence per key, emitting each group when its first element
    /// arrives. Groups end (complete or fail) with the source; a throwing `keySelector` fails the
    /// source and every group. Subscribe to a group when it is emitted to see its first element.
    /// Disposing the outer subscription keeps the source subscribed while any group is.
    ///
    /// ```
    /// source:               1-2-3-4|
    /// groupBy { $0 % 2 }:   a-b----|
    /// a:                    1---3--|
    /// b:                      2---4|
    /// ```
    ///
    /// - Parameters:
    ///   - keySelector: Computes each element's group key; a thrown error fails the sequence.
    public func groupBy<Key: Hashable>(
        keySelector: @escaping @isolated(any) (Element) throws -> Key
    ) -> Observable<GroupedObservable<Key, Element>> {
        let (keySelector, keySelectorActor) = Isolation.split(keySelector)
        let source = delivered(on: keySelectorActor)
        return Observable.create { observer in
            let groups = GroupByObserver(keySelector: keySelector, downstream: observer)
            groups.sourceSubscription.setDisposable(source.subscribe(groups))
            return groups.subscription
        }
    }
}
