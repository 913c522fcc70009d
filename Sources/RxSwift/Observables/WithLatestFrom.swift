struct WithLatestFromState<Second> {
    var latest: Second?
}

final class WithLatestFromSink<First, Second, Result>: LockedSink<
    WithLatestFromState<Second>, Event<(First, Second)>, First, Result
>, @unchecked Sendable
{
    // @unchecked Sendable: as `LockedSink`; `second` is a SingleAssignmentDisposable.
    private let selector: (First, Second) throws -> Result
    let second = SingleAssignmentDisposable()

    init(selector: @escaping (First, Second) throws -> Result, downstream: Link) {
        self.selector = selector
        super.init(state: WithLatestFromState(), downstream: downstream)
    }

    override func receiveNext(_ first: First) {
        synchronized { state, outbox in
            if let latest = state.latest { outbox.append(.next((first, latest))) }
        }
    }

    override func receiveError(_ error: Swift.Error) {
        send(.error(error))
    }

    override func receiveCompleted() {
        send(.completed)
    }

    func onSecond(_ event: Event<Second>) {
        synchronized { state, outbox in
            switch event {
            case .next(let value): state.latest = value
            case .error(let error): outbox.append(.error(error))
            case .completed: break
            }
        }
        // A completed `second` is disposed at once, as in RxSwift (before its
        // `do(afterCompleted:)`); its latest element stays.
        if case .completed = event { second.dispose() }
    }

    override func deliver(_ item: Event<(First, Second)>) {
        switch item {
        case .next(let pair):
            guard !isDisposed else { return }
            do { forwardNext(try selector(pair.0, pair.1)) } catch { forwardError(error) }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }

    override func disposeResources() {
        second.dispose()
    }
}

extension ObservableType {
    /// Combines each element with the latest element of `second` (elements before `second`'s
    /// first are dropped). Completes with the source; `second`'s errors are forwarded.
    ///
    /// ```
    /// self:     --1---2---3--|
    /// second:   -a--b--------
    /// result:   --1a--2b--3b-|
    /// ```
    ///
    /// - Parameters:
    ///   - second: The sequence whose latest element is taken.
    ///   - resultSelector: Makes each element of the result from an element and the other sequence's latest; a thrown
    ///     error fails the result.
    public func withLatestFrom<Source: ObservableConvertibleType, Result>(
        _ second: Source, resultSelector: @escaping @isolated(any) (Element, Source.Element) throws -> Result
    ) -> Observable<Result> {
        let (resultSelector, resultSelectorActor) = Isolation.split(resultSelector)
        let first = delivered(on: resultSelectorActor)
        let other = second.asObservable()
        return OperatorObservable { downstream in
            let sink = WithLatestFromSink(selector: resultSelector, downstream: downstream)
            sink.second.setDisposable(other.subscribe { [sink] event in sink.onSecond(event) })
            return sink.run(first)
        }
    }

    /// Emits the latest element of `second` whenever the source emits.
    ///
    /// - Parameter second: The sequence whose latest element is taken.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        withLatestFrom(second) { $1 }
    }
}
