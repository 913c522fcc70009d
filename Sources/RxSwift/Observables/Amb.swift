struct AmbState {
    var winner: Int?
}

/// Receives its sources' events through closures (`receive(_:_:)`), not as a stage (`Never`).
final class AmbSink<Element>: EventLockedSink<AmbState, Never, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `LockedSink`; `subscriptions` holds one SingleAssignmentDisposable
    // per source, immutable after `init`.
    let subscriptions: [SingleAssignmentDisposable]

    init(count: Int, downstream: Link) {
        subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
        super.init(state: AmbState(), downstream: downstream)
    }

    /// An event from source `index`. The first one decides the winner; the others are disposed
    /// before it is forwarded, as in RxSwift.
    func receive(_ index: Int, _ event: Event<Element>) {
        let (accepted, won) = withState { state -> (Bool, Bool) in
            guard let winner = state.winner else {
                state.winner = index
                return (true, true)
            }
            return (winner == index, false)
        }
        guard accepted else { return }
        if won {
            for (other, subscription) in subscriptions.enumerated() where other != index { subscription.dispose() }
        }
        send(event)
    }

    override func disposeResources() {
        subscriptions.forEach { $0.dispose() }
    }
}

extension ObservableType {
    /// Mirrors whichever sequence produces an event first and disposes the others.
    ///
    /// ```
    /// a:      ---1-2|
    /// b:      -x-y|
    /// amb:    -x-y|
    /// ```
    ///
    /// - Parameter sequences: The sequences that race.
    public static func amb<Sequence: Swift.Sequence>(_ sequences: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        let sources = Array(sequences)
        return OperatorObservable { downstream in
            if sources.isEmpty {
                downstream.receiveCompleted()
                return NopDisposable.shared
            }
            let sink = AmbSink<Element>(count: sources.count, downstream: downstream)
            sink.attach(Disposables.create(sink.subscriptions))
            for (index, source) in sources.enumerated() {
                sink.subscriptions[index].setDisposable(source.subscribe { [sink] event in sink.receive(index, event) })
            }
            return sink
        }
    }

    /// Mirrors whichever of this sequence and `right` produces an event first.
    ///
    /// - Parameter right: The sequence that races this one.
    public func amb<Right: ObservableConvertibleType>(_ right: Right) -> Observable<Element>
    where Right.Element == Element {
        Observable.amb([asObservable(), right.asObservable()])
    }
}
