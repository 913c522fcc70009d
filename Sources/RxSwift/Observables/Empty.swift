final class EmptyObservable<Element>: Observable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.completed)
        return Disposables.create()
    }
}

extension ObservableType {
    /// A sequence that completes immediately without elements.
    ///
    /// ```
    /// empty():  |
    /// ```
    public static func empty() -> Observable<Element> {
        EmptyObservable()
    }
}
