final class NeverObservable<Element>: Observable<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        Disposables.create()
    }
}

extension ObservableType {
    /// A sequence that never emits anything and never terminates.
    ///
    /// ```
    /// never():  ------
    /// ```
    public static func never() -> Observable<Element> {
        NeverObservable()
    }
}
