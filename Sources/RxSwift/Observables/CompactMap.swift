final class CompactMapSink<Source, Result>: Sink<Source, Result>, @unchecked Sendable {
    // @unchecked Sendable: as `Sink`; `transform` is immutable and called serially.
    private let transform: (Source) throws -> Result?

    init(transform: @escaping (Source) throws -> Result?, downstream: Link) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    override func receiveNext(_ element: Source) {
        guard !isDisposed else { return }
        do {
            if let mapped = try transform(element) { forwardNext(mapped) }
        } catch {
            forwardError(error)
        }
    }
}

extension ObservableType {
    /// Transforms each element and drops the `nil` results.
    ///
    /// ```
    /// source:                  "1"-"x"-"3"|
    /// compactMap { Int($0) }:  1-------3--|
    /// ```
    ///
    /// - Parameters:
    ///   - transform: Maps each element; a thrown error fails the sequence.
    public func compactMap<Result>(
        _ transform: @escaping @isolated(any) (Element) throws -> Result?
    ) -> Observable<Result> {
        let (transform, transformActor) = Isolation.split(transform)
        let source = delivered(on: transformActor)
        return OperatorObservable { downstream in
            CompactMapSink(transform: transform, downstream: downstream).run(source)
        }
    }
}
