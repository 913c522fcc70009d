/// Whether `take(while:)` / `take(until:)` also emit the element that ends them.
public enum TakeBehavior: Sendable {
    /// Emit the element that ends the sequence, then complete.
    case inclusive
    /// Complete without emitting the element that ends the sequence.
    case exclusive
}

final class TakeWhileSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; the closure is immutable and called serially.
    private let predicate: (Element) throws -> Bool
    private let behavior: TakeBehavior

    init(predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior, downstream: Link) {
        self.predicate = predicate
        self.behavior = behavior
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            if try predicate(element) { return forwardNext(element) }
            if behavior == .inclusive { forwardNext(element) }
            forwardCompleted()
        } catch {
            forwardError(error)
        }
    }
}

extension ObservableType {
    /// Emits elements while `predicate` holds, then completes (disposing the source). With
    /// `.inclusive`, the first element that fails the predicate is emitted too.
    ///
    /// ```
    /// source:                   1-2-3-1|
    /// take(while: { $0 < 3 }):  1-2-|
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Whether to keep forwarding; a thrown error fails the sequence.
    ///   - behavior: Whether the element that ends the sequence is emitted (`.inclusive`) or not (`.exclusive`).
    public func take(
        while predicate: @escaping @isolated(any) (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        let (predicate, predicateActor) = Isolation.split(predicate)
        let source = delivered(on: predicateActor)
        return OperatorObservable { downstream in
            TakeWhileSink(predicate: predicate, behavior: behavior, downstream: downstream).run(source)
        }
    }

    /// Emits elements until `predicate` holds, then completes. With `.inclusive`, the element
    /// that satisfies the predicate is emitted too.
    ///
    /// - Parameters:
    ///   - predicate: Whether to keep forwarding; a thrown error fails the sequence.
    ///   - behavior: Whether the element that ends the sequence is emitted (`.inclusive`) or not (`.exclusive`).
    public func take(
        until predicate: @escaping @isolated(any) (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        let (predicate, actor) = Isolation.split(predicate)
        return delivered(on: actor).take(while: { try !predicate($0) }, behavior: behavior)
    }

    /// Emits elements until `predicate` holds, then completes.
    ///
    /// - Parameters:
    ///   - behavior: Whether the element that ends the sequence is emitted (`.inclusive`) or not (`.exclusive`).
    ///   - predicate: Whether an element ends the sequence; a thrown error fails the sequence.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(
        _ behavior: TakeBehavior, predicate: @escaping @isolated(any) (Element) throws -> Bool
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior)
    }

    /// Emits elements while `predicate` holds, then completes.
    ///
    /// - Parameters:
    ///   - predicate: Whether to keep forwarding; a thrown error fails the sequence.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(
        _ predicate: @escaping @isolated(any) (Element) throws -> Bool
    ) -> Observable<Element> {
        take(while: predicate)
    }
}
