extension ObservableType {
    /// A sequence that calls `observableFactory` for each subscriber and subscribes to the result.
    /// A thrown error becomes the sequence's error.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        AnonymousObservable { observer in
            do {
                return try observableFactory().subscribe(observer)
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
        }
    }
}
