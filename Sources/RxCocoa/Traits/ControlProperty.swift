import RxSwift

/// A type that is, or can be seen as, a `ControlProperty`.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// The property as a `ControlProperty`.
    func asControlProperty() -> ControlProperty<Element>
}

/// A UI element's property, both as a sequence of its values and as an observer that sets it.
///
/// - It never fails, and completes when its control goes away (the control's value source
///   completes then).
/// - Its values are subscribed to and delivered on the main scheduler; the current value is
///   emitted on subscription.
/// - Binding into it sets the property; an error bound into it goes to
///   `Hooks.bindingErrorHandler` (debug builds stop with a message, release builds log it).
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The type of the property.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// Creates a control property from the sequence of its values and the observer that sets it.
    ///
    /// - Parameters:
    ///   - values: The property's values, starting with the current one; should complete when the
    ///     control goes away and never fail.
    ///   - valueSink: Sets the property.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Element == Values.Element, Element == Sink.Element {
        self.init(mainThreadValues: onMainThread(values.asObservable()), valueSink: valueSink.asObserver())
    }

    /// Wraps values that are already subscribed to and delivered on the main thread (derived
    /// properties such as `orEmpty`, which must not add a second pair of scheduling stages).
    init(mainThreadValues: Observable<PropertyType>, valueSink: AnyObserver<PropertyType>) {
        self.values = mainThreadValues
        self.valueSink = valueSink
    }

    /// Subscribes `observer` to the property's values.
    ///
    /// - Parameter observer: The observer that receives the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The values the user changes the property to: every value after the current one.
    /// (Whether two adjacent values differ depends on the control.)
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(mainThreadEvents: values.skip(1))
    }

    /// The property's values as an `Observable`.
    public func asObservable() -> Observable<Element> { values }

    /// Returns `self`.
    public func asControlProperty() -> ControlProperty<Element> { self }

    /// Sets the property for `next`; ignores completion; reports an error to
    /// `Hooks.bindingErrorHandler`.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Element>) {
        switch event {
        case .error(let error):
            Hooks.bindingErrorHandler(error, "ControlProperty<\(PropertyType.self)>")
        case .next, .completed:
            valueSink.on(event)
        }
    }
}

extension ControlPropertyType where Element == String? {
    /// The property with `nil` read as the empty string.
    public var orEmpty: ControlProperty<String> {
        let original = asControlProperty()
        let values: Observable<String> = original.values.map { $0 ?? "" }
        let valueSink: AnyObserver<String> = original.valueSink.mapObserver { $0 }
        return ControlProperty(mainThreadValues: values, valueSink: valueSink)
    }
}

/// A control's sequence subscribed to and delivered on the main thread: what ControlProperty and
/// ControlEvent promise.
func onMainThread<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source
        .subscribe(on: ConcurrentMainScheduler.instance)
        // A scheduler of its own (see `Binder`): immediate on the main thread.
        .observe(on: MainScheduler())
}
