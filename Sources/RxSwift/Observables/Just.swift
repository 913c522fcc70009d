@usableFromInline
final class JustObservable<Element>: Observable<Element> {
    @usableFromInline let element: Element

    @usableFromInline
    init(_ element: Element) {
        self.element = element
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let receiver = observer.elementReceiver {
            receiver.receive(next: element)
            receiver.receiveCompleted()
        } else {
            Self.emit(element, to: observer)
        }
        return Disposables.create()
    }

    override func subscribe(receiver: Link) -> Link {
        if _slowPath(CurrentThreadScheduler.mustWaitForTheStack) {
            return subscribeWhenTheStackUnwinds(receiver: receiver)
        }
        return emit(to: receiver)
    }

    override func subscribeAtOnce(receiver: Link) -> Link {
        emit(to: receiver)
    }

    @inline(__always)
    private func emit(to receiver: Link) -> Link {
        receiver.receive(next: element)
        receiver.receiveCompleted()
        return NopDisposable.shared
    }

    override func deliverWithoutSubscribing<Owner: InnerSequenceOwner>(to owner: Owner, id: Int) -> Bool
    where Owner.InnerElement == Element {
        owner.innerNextThenCompleted(id, element)
        return true
    }

    /// Where the stack is low, a subscription waits for it (`subscribe(receiver:)`), and so does
    /// this: `false`, and the caller subscribes.
    override func handOverOnlyElement(to receiver: Link) -> Bool {
        if _slowPath(CurrentThreadScheduler.mustWaitForTheStack) { return false }
        receiver.receiveOnlyElement(element)
        return true
    }

    override var deliversAtOnce: Bool { true }

    override func deliverAtOnce(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?
    ) {
        onNext?(element)
        onCompleted?()
        onDisposed?()
    }

    @inline(never)
    private static func emit<Observer: ObserverType>(_ element: Element, to observer: Observer)
    where Observer.Element == Element {
        observer.on(.next(element))
        observer.on(.completed)
    }
}

/// `just(element).map(transform)`: emits `transform(element)` (or the error it throws) and
/// completes, without a stage of its own. Observably the same as the two operators: the
/// transform runs at subscription, as it would when the element reached the map stage, and the
/// subscription runs on the trampoline, like `map`'s.
@usableFromInline
final class JustMapObservable<Source, Element>: Producer<Element> {
    @usableFromInline let element: Source
    @usableFromInline let transform: (Source) throws -> Element
    /// How many `map`s `transform` composes, less one: each is a closure that calls the one
    /// before, so past `FusedClosures.limit` a `map` is a stage of its own instead
    /// (`MapObservable`, whose same-type maps are one loop), and a long chain needs no deep stack.
    @usableFromInline let fusions: Int

    @inlinable
    init(element: Source, transform: @escaping (Source) throws -> Element, fusions: Int = 0) {
        self.element = element
        self.transform = transform
        self.fusions = fusions
    }

    override func run<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        run(receiver: observer.receiverLink)
    }

    override func run(receiver: Link) -> Link {
        do {
            receiver.receive(next: try transform(element))
        } catch {
            receiver.receiveError(error)
            return NopDisposable.shared
        }
        receiver.receiveCompleted()
        return NopDisposable.shared
    }

    override var deliversAtOnce: Bool { true }

    override func deliverAtOnce(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?
    ) {
        // As `trampoline.run { … }` when the trampoline is idle, without a closure.
        let trampoline = CurrentThreadScheduler.unretainedTrampoline
        let wasRunning = trampoline._withUnsafeGuaranteedRef { trampoline in
            defer { trampoline.isRunning = true }
            return trampoline.isRunning
        }
        deliver(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        if !wasRunning { trampoline._withUnsafeGuaranteedRef { $0.runQueuedAndStop() } }
    }

    @inline(__always)
    private func deliver(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?
    ) {
        do {
            let value = try transform(element)
            onNext?(value)
            onCompleted?()
        } catch {
            if let onError { onError(error) } else { Hooks.reportUnhandled(error) }
        }
        onDisposed?()
    }

    override func fusedMap<Next>(_ next: @escaping (Element) throws -> Next) -> Observable<Next>? {
        guard fusions < FusedClosures.limit else { return nil }
        let first = transform
        return JustMapObservable<Source, Next>(
            element: element, transform: { try next(first($0)) }, fusions: fusions + 1)
    }
}

extension ObservableType {
    /// A sequence of one element, emitted synchronously on subscription, then completion.
    ///
    /// ```
    /// just(1):  (1|)
    /// ```
    ///
    /// Inlinable: `just` is often called per element (as the inner sequence of a flatMap), and a
    /// specialised call site finds `JustObservable`'s type metadata without a run-time look-up.
    ///
    /// - Parameter element: The only element.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        JustObservable(element)
    }

    /// A sequence of one element, emitted on `scheduler`, then completion.
    ///
    /// - Parameters:
    ///   - element: The only element.
    ///   - scheduler: The scheduler on which the element, then completion, are sent.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ProducedSequence(scheduler: scheduler) { emit in
            var done = false
            return { pace in
                try pace.steps {
                    if done { return false }
                    done = true
                    try emit(element)
                    return true
                }
            }
        }
    }
}
