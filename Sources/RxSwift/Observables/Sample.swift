/// The state of `sample`: the latest unsampled element and whether the source has ended.
struct SampleState<Element> {
    var latest: Element?
    var sourceEnded = false
}

final class SampleSink<Element>: EventLockedSink<SampleState<Element>, Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `sampler` and `sourceSubscription` are disposables.
    private let defaultValue: Element?
    let sampler = SingleAssignmentDisposable()
    let sourceSubscription = SingleAssignmentDisposable()

    init(defaultValue: Element?, downstream: Link) {
        self.defaultValue = defaultValue
        super.init(state: SampleState(), downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        withState { $0.latest = element }
    }

    override func receiveCompleted() {
        withState { $0.sourceEnded = true }
        sourceSubscription.dispose()
    }

    func onSample<Tick>(_ event: Event<Tick>) {
        synchronized { state, outbox in
            switch event {
            case .next, .completed:
                if let element = state.latest ?? defaultValue {
                    outbox.append(.next(element))
                }
                state.latest = nil
                if state.sourceEnded { outbox.append(.completed) }
            case .error(let error):
                outbox.append(.error(error))
            }
        }
    }

    /// The source first, then the sampler: RxSwift's order (what `do(onDispose:)` logs).
    override func disposeResources() {
        sourceSubscription.dispose()
        sampler.dispose()
    }
}

extension ObservableType {
    /// Emits, whenever `sampler` emits (or completes), the latest element of the source since the
    /// previous sample, or `defaultValue` when there is none (nothing if `defaultValue` is nil).
    /// Once the source has completed, the next sample completes the sequence.
    ///
    /// ```
    /// source:   1-2---3----|
    /// sampler:  ---x--x--x---x
    /// sample:   ---2--3------|
    /// ```
    ///
    /// - Parameters:
    ///   - sampler: The sequence whose elements take the samples; its completion completes the result.
    ///   - defaultValue: The element sampled when nothing new arrived since the previous sample (nil: none).
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        let source = asObservable()
        return OperatorObservable { downstream in
            let sink = SampleSink(defaultValue: defaultValue, downstream: downstream)
            sink.attach(Disposables.create(sink.sourceSubscription, sink.sampler))
            sink.sourceSubscription.setDisposable(source.subscribe(receiver: sink))
            sink.sampler.setDisposable(sampler.subscribe { [sink] event in sink.onSample(event) })
            return sink
        }
    }
}
