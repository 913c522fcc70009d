extension ObservableType {
    /// Stores every element in a property of `object` (an `@Observable` model, or any class): the
    /// bridge from Rx to Swift's Observation.
    ///
    /// The property is set on the isolation of the code that makes the binding, which Swift 6
    /// requires to be the property's own (a key path to a `@MainActor` model's property is made
    /// in `@MainActor` code): elements that arrive there are stored at once, elsewhere they are
    /// delivered there in order, as `observe(on:)` would. Made in code of no actor, the binding
    /// stores each element where it arrives.
    ///
    /// As with a `Binder`, `object` is held weakly (once it is gone, elements are dropped, and the
    /// binding makes no retain cycle when the model keeps the subscription), completion is
    /// ignored, and an error goes to `Hooks.bindingErrorHandler` (debug builds stop with a
    /// message naming the binding, release builds log it).
    ///
    /// ```swift
    /// @MainActor
    /// func show(_ results: Observable<[String]>, in model: ResultsModel) -> Disposable {
    ///     results.bind(to: model, \.items)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object whose property is set; held weakly.
    ///   - keyPath: The property set to each element.
    ///   - isolation: Where the property is set: the caller's isolation, which you do not pass.
    public func bind<Object: AnyObject>(
        to object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Element>,
        isolation: (any Actor)? = #isolation
    ) -> Disposable {
        storing(in: object, keyPath, isolation: isolation) { $0 }
    }

    /// Stores every element, as an Optional, in an optional property of `object`, as
    /// `bind(to:_:isolation:)` does into a property of the element's type.
    ///
    /// - Parameters:
    ///   - object: The object whose property is set; held weakly.
    ///   - keyPath: The property set to each element.
    ///   - isolation: Where the property is set: the caller's isolation, which you do not pass.
    public func bind<Object: AnyObject>(
        to object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Element?>,
        isolation: (any Actor)? = #isolation
    ) -> Disposable {
        storing(in: object, keyPath, isolation: isolation) { $0 }
    }

    /// The body of `bind(to:_:)` into a property.
    private func storing<Object: AnyObject, Value>(
        in object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>, isolation: (any Actor)?,
        _ convert: @escaping (Element) -> Value
    ) -> Disposable {
        weak let target = object
        // The key path is used only on `isolation`, where it was made.
        let path = UncheckedBox(keyPath)
        let name = "bind(to: \(Object.self), \(keyPath))"
        return delivered(on: isolation, operator: "bind(to:_:)").subscribe { event in
            switch event {
            case .next(let element):
                target?[keyPath: path.value] = convert(element)
            case .error(let error):
                Hooks.bindingErrorHandler(error, name)
            case .completed:
                break
            }
        }
    }
}
