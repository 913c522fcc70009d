final class ErrorObservable<Element>: Observable<Element> {
    let error: Swift.Error

    init(_ error: Swift.Error) {
        self.error = error
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.error(error))
        return Disposables.create()
    }
}

extension ObservableType {
    /// A sequence that terminates immediately with `error`.
    ///
    /// ```
    /// error(e):  #
    /// ```
    ///
    /// - Parameter error: The error the sequence fails with.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        ErrorObservable(error)
    }
}
