/// A source of zip with its element type erased, subscribed with the index it reports its events
/// under.
struct IndexedSource {
    let subscribe: (_ index: Int, _ receiver: any IndexedEventReceiver) -> Disposable

    init<Source: ObservableConvertibleType>(_ source: Source) {
        let observable = source.asObservable()
        subscribe = { index, receiver in
            observable.subscribe(IndexedObserver<Source.Element>(index: index, receiver: receiver))
        }
    }
}

/// Receives the events of the sources of a multi-source operator.
protocol IndexedEventReceiver: AnyObject {
    func receive(_ index: Int, _ event: Event<Any>)
}

struct IndexedObserver<Element>: ObserverType {
    let index: Int
    let receiver: any IndexedEventReceiver

    func on(_ event: Event<Element>) {
        receiver.receive(index, event.map { $0 as Any })
    }
}

/// The shape of zip: subscribe to every source, keep the subscriptions, and compute results from
/// `[Any]` rows with a typed selector, outside the lock.
class MultiSourceSink<State, Observer: ObserverType>: LockedSink<State, Event<[Any]>, Observer>, IndexedEventReceiver, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `subscriptions` is a CompositeDisposable.
    private let selector: ([Any]) throws -> Observer.Element
    let subscriptions = CompositeDisposable()

    init(state: State, selector: @escaping ([Any]) throws -> Observer.Element, observer: Observer) {
        self.selector = selector
        super.init(state: state, observer: observer)
    }

    func run(_ sources: [IndexedSource]) {
        attach(subscriptions)
        for (index, source) in sources.enumerated() {
            subscriptions.insert(source.subscribe(index, self))
        }
    }

    func receive(_ index: Int, _ event: Event<Any>) {
        rxAbstractMethod()
    }

    override func deliver(_ item: Event<[Any]>) {
        switch item {
        case .next(let row):
            guard !isDisposed else { return }
            do { forwardNext(try selector(row)) } catch { forwardTerminal(.error(error)) }
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            forwardTerminal(.completed)
        }
    }
}

struct ZipState {
    var queues: [[Any]]
    var heads: [Int]
    var done: [Bool]

    func hasElement(_ index: Int) -> Bool { heads[index] < queues[index].count }

    mutating func popRow() -> [Any] {
        var row: [Any] = []
        row.reserveCapacity(queues.count)
        for index in queues.indices {
            row.append(queues[index][heads[index]])
            heads[index] += 1
            if heads[index] == queues[index].count {
                queues[index].removeAll(keepingCapacity: true)
                heads[index] = 0
            }
        }
        return row
    }
}

final class ZipSink<Observer: ObserverType>: MultiSourceSink<ZipState, Observer>, @unchecked Sendable {
    // @unchecked Sendable: as `MultiSourceSink`.
    override func receive(_ index: Int, _ event: Event<Any>) {
        synchronized { state, outbox in
            switch event {
            case .next(let value):
                state.queues[index].append(value)
                if state.queues.indices.allSatisfy(state.hasElement) {
                    outbox.append(.next(state.popRow()))
                } else if state.done.indices.allSatisfy({ $0 == index || state.done[$0] }) {
                    outbox.append(.completed)
                }
            case .error(let error):
                outbox.append(.error(error))
            case .completed:
                state.done[index] = true
                if state.done.allSatisfy({ $0 }) { outbox.append(.completed) }
            }
        }
    }
}

final class ZipObservable<Element>: Producer<Element> {
    let sources: [IndexedSource]
    let selector: ([Any]) throws -> Element

    init(sources: [IndexedSource], selector: @escaping ([Any]) throws -> Element) {
        self.sources = sources
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if sources.isEmpty {
            observer.on(.completed)
            return Disposables.create()
        }
        let count = sources.count
        let state = ZipState(queues: Array(repeating: [], count: count), heads: Array(repeating: 0, count: count), done: Array(repeating: false, count: count))
        let sink = ZipSink(state: state, selector: selector, observer: observer)
        sink.run(sources)
        return sink
    }
}

extension ObservableType {
    /// Combines the sequences' elements pairwise by index with `resultSelector`: the n-th result
    /// uses the n-th element of every sequence. Completes when every sequence has completed, or
    /// when an element arrives that can never be paired because all the others have completed.
    ///
    /// ```
    /// a:    1-2-3|
    /// b:    -x--y-z|
    /// zip:  -1x-2y-3z|
    /// ```
    public static func zip<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element) -> Observable<Element> where Collection.Element: ObservableType {
        ZipObservable(sources: collection.map { IndexedSource($0) }) { row in
            try resultSelector(row.map { $0 as! Collection.Element.Element })
        }
    }

    /// Combines the sequences' elements by index into arrays.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        ZipObservable(sources: collection.map { IndexedSource($0) }) { row in
            row.map { $0 as! Element }
        }
    }
}
