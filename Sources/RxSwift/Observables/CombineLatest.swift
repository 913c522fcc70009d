/// A source of a multi-source operator with its element type erased, subscribed with the index
/// it reports its events under.
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

/// The shared shape of combineLatest and zip: subscribe to every source, keep the subscriptions,
/// and compute results from `[Any]` rows with a typed selector, outside the lock.
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

struct CombineLatestState {
    var latest: [Any?]
    var withValue = 0
    var done: [Bool]
    var doneCount = 0
}

final class CombineLatestSink<Observer: ObserverType>: MultiSourceSink<CombineLatestState, Observer>, @unchecked Sendable {
    // @unchecked Sendable: as `MultiSourceSink`.
    override func receive(_ index: Int, _ event: Event<Any>) {
        synchronized { state, outbox in
            switch event {
            case .next(let value):
                if state.latest[index] == nil { state.withValue += 1 }
                state.latest[index] = value
                if state.withValue == state.latest.count {
                    outbox.append(.next(state.latest.map { $0! }))
                }
            case .error(let error):
                outbox.append(.error(error))
            case .completed:
                guard !state.done[index] else { return }
                state.done[index] = true
                state.doneCount += 1
                if state.doneCount == state.done.count { outbox.append(.completed) }
            }
        }
    }
}

final class CombineLatestObservable<Element>: Producer<Element> {
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
        let state = CombineLatestState(latest: Array(repeating: nil, count: sources.count), done: Array(repeating: false, count: sources.count))
        let sink = CombineLatestSink(state: state, selector: selector, observer: observer)
        sink.run(sources)
        return sink
    }
}

extension ObservableType {
    /// Combines the latest elements of every sequence with `resultSelector`, whenever any of them
    /// emits (once all have emitted). Completes when all complete; the first error terminates it.
    ///
    /// ```
    /// a:              1---2-----|
    /// b:              --x---y---|
    /// combineLatest:  --1x-2x-2y|
    /// ```
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element) -> Observable<Element> where Collection.Element: ObservableType {
        CombineLatestObservable(sources: collection.map { IndexedSource($0) }) { row in
            try resultSelector(row.map { $0 as! Collection.Element.Element })
        }
    }

    /// Combines the latest elements of every sequence into an array whenever any of them emits.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        CombineLatestObservable(sources: collection.map { IndexedSource($0) }) { row in
            row.map { $0 as! Element }
        }
    }
}
