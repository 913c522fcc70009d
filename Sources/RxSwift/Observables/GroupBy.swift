/// A sequence of the elements of one group, with the group's key.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key shared by the group's elements.
    public let key: Key
    private let source: Observable<Element>

    /// Creates a group with `key` whose elements come from `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's elements.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The group's elements as an `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable where Observer.Element == GroupedObservable<Key, Element> {
    // @unchecked Sendable: as `Sink`; `groups` changes only in serial `on` calls.
    private let keySelector: (Element) throws -> Key
    private var groups: [Key: PublishSubject<Element>] = [:]

    init(keySelector: @escaping (Element) throws -> Key, observer: Observer) {
        self.keySelector = keySelector
        super.init(observer: observer)
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
                forwardNext(GroupedObservable(key: key, source: group.asObservable()))
            }
            group.onNext(element)
        case .error(let error):
            finish(.error(error))
        case .completed:
            finish(.completed)
        }
    }

    private func finish(_ event: Event<Element>) {
        let open = groups.values
        groups = [:]
        for group in open { group.on(event) }
        switch event {
        case .error(let error): forwardTerminal(.error(error))
        default: forwardTerminal(.completed)
        }
    }
}

extension ObservableType {
    /// Splits the source into one sequence per key, emitting each group when its first element
    /// arrives. Groups end (complete or fail) with the source; a throwing `keySelector` fails the
    /// source and every group. Subscribe to a group when it is emitted to see its first element.
    ///
    /// ```
    /// source:               1-2-3-4|
    /// groupBy { $0 % 2 }:   a-b    |      a: 1---3--|   b: 2---4|
    /// ```
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key) -> Observable<GroupedObservable<Key, Element>> {
        let source = asObservable()
        return AnonymousObservable { observer in
            let sink = GroupBySink(keySelector: keySelector, observer: observer)
            sink.attach(source.subscribe(sink))
            return sink
        }
    }
}
