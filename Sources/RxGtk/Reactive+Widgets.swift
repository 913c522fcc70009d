import CGtk
import Foundation
import RxCocoa
import RxSwift

/// What a connected signal passes its handler besides the instance (see `SignalHandler`).
enum SignalArgument {
    case none, integer, key

    /// The handler that hands `emit` this argument as an integer (0 for `.none`).
    func handler(_ emit: @escaping (Int32) -> Void) -> SignalHandler {
        switch self {
        case .none: .plain { emit(0) }
        case .integer: .integer(emit)
        case .key: .key { emit(Int32(bitPattern: $0)) }
        }
    }
}

extension Reactive where Base: Widget {
    /// The widget's `signal` as a sequence of values read by `value` each time it fires,
    /// starting with the current value when `startWithCurrent`. Runs on the main thread;
    /// completes when the widget is destroyed; disposing disconnects the handlers (harmless
    /// after the widget is gone). The signal is connected on `instance(base)` when given (an
    /// object the widget owns, such as a text view's buffer, or one made for the subscription,
    /// which `detach` then takes off the widget when the subscription is disposed, if the widget
    /// is still there); `value` receives the signal's integer argument (a key's value for `.key`;
    /// 0 for `.none`).
    func signalValues<Value>(
        _ signal: String, startWithCurrent: Bool, on instance: (@MainActor (Base) -> UnsafeMutableRawPointer)? = nil,
        detach: (@MainActor (Base, UnsafeMutableRawPointer) -> Void)? = nil, argument: SignalArgument = .none,
        value: @escaping @MainActor (Base, Int32) -> Value
    ) -> Observable<Value> {
        let captured = MainThreadCapture(base: base, value: value)
        let source = instance.map(MainThreadBox.init)
        let detach = detach.map(MainThreadBox.init)
        return Observable.create { observer in
            // ControlProperty and ControlEvent subscribe on the main scheduler. The observer
            // enters, and the disposable leaves, the main-actor closure in a box: neither is
            // `Sendable` here (an observer is only for `Sendable` values; `Disposable` is not, as
            // in RxSwift); both are used on the main thread (the disposable disconnects GTK
            // handlers, which is done there).
            let observer = MainThreadBox(observer)
            return MainActor.assumeIsolated { () -> MainThreadBox<Disposable> in
                let observer = observer.value
                let value = captured.value
                guard let base = captured.base else {
                    observer.onCompleted()
                    return MainThreadBox(Disposables.create())
                }
                if startWithCurrent { observer.onNext(value(base, 0)) }
                let emit: (Int32) -> Void = { argument in
                    if let base = captured.base { observer.onNext(value(base, argument)) }
                }
                let connected = source.map { $0.value(base) } ?? base.object
                let changes = SignalConnection(instance: connected, signal: signal, handler: argument.handler(emit))
                let destroyed = base.connect(signal: "destroy") { observer.onCompleted() }
                return MainThreadBox(
                    Disposables.create {
                        changes.disconnect()
                        destroyed.disconnect()
                        if let detach, let base = captured.base { detach.value(base, connected) }
                    })
            }.value
        }
    }

    func signalValues<Value>(
        _ signal: String, startWithCurrent: Bool, on instance: (@MainActor (Base) -> UnsafeMutableRawPointer)? = nil,
        value: @escaping @MainActor (Base) -> Value
    ) -> Observable<Value> {
        signalValues(signal, startWithCurrent: startWithCurrent, on: instance) { base, _ in value(base) }
    }

    /// A `ControlEvent` for the widget's `signal`.
    ///
    /// - Parameter signal: The GObject signal's name, for example `"clicked"` or `"notify::text"`.
    public func controlEvent(_ signal: String) -> ControlEvent<Void> {
        ControlEvent(events: signalValues(signal, startWithCurrent: false) { _ in () })
    }

    /// A `ControlProperty` whose values are read with `getter` now and whenever `signal` fires,
    /// and which sets the property with `setter` (skipped when the value is unchanged, so
    /// two-way bindings do not loop).
    ///
    /// - Parameters:
    ///   - signal: The GObject signal's name, for example `"clicked"` or `"notify::text"`.
    ///   - getter: Reads the value from the widget.
    ///   - setter: Sets the value on the widget.
    public func controlProperty<Value: Equatable>(
        changedBy signal: String, getter: @escaping @MainActor (Base) -> Value,
        setter: @escaping @MainActor (Base, Value) -> Void
    ) -> ControlProperty<Value> {
        controlProperty(changedBy: signal, on: nil, getter: getter, setter: setter)
    }

    /// `controlProperty(changedBy:getter:setter:)` for a signal of an object the widget owns
    /// (`instance`), where `getter` returns nil for changes that are not to be reported (made
    /// while the widget updates itself).
    func controlProperty<Value: Equatable>(
        changedBy signal: String, on instance: (@MainActor (Base) -> UnsafeMutableRawPointer)?,
        getter: @escaping @MainActor (Base) -> Value?, setter: @escaping @MainActor (Base, Value) -> Void
    ) -> ControlProperty<Value> {
        // GTK notifies some properties on every set, changed or not: report changes only.
        let values = signalValues(signal, startWithCurrent: true, on: instance, value: getter).compactMap { $0 }
            .distinctUntilChanged()
        let sink = Binder<Value>(base) { base, value in
            if getter(base) != value { setter(base, value) }
        }
        return ControlProperty(values: values, valueSink: sink)
    }

    /// The keys pressed while the widget or one inside it has the keyboard focus, by GDK's
    /// name: `"7"`, `"plus"`, `"KP_Add"`, `"Return"`, `"Escape"`, `"BackSpace"`… Each
    /// subscription adds a key controller to the widget and removes it when disposed of; the keys
    /// still reach the focused widget.
    public var keyPressed: ControlEvent<String> {
        let keys = signalValues(
            "key-pressed", startWithCurrent: false,
            on: { base in
                let controller = gtk_event_controller_key_new()!
                gtk_widget_add_controller(base.widget, controller)
                return UnsafeMutableRawPointer(controller)
            },
            detach: { base, controller in gtk_widget_remove_controller(base.widget, OpaquePointer(controller)) },
            argument: .key
        ) { _, keyval in
            gdk_keyval_name(guint(bitPattern: keyval)).map { String(cString: $0) } ?? ""
        }
        return ControlEvent(events: keys)
    }

    /// Binds whether the widget reacts to input.
    public var isSensitive: Binder<Bool> {
        Binder(base) { widget, value in widget.isSensitive = value }
    }

    /// Binds whether the widget is shown.
    public var isVisible: Binder<Bool> {
        Binder(base) { widget, value in widget.isVisible = value }
    }
}

extension Reactive where Base: Button {
    /// Clicks of the button.
    public var tap: ControlEvent<Void> { controlEvent("clicked") }
}

extension Reactive where Base: Entry {
    /// Enter pressed in the entry (GTK's `activate`).
    public var activate: ControlEvent<Void> { controlEvent("activate") }

    /// The entry's text: the current text on subscription, then every change (typed or set),
    /// reported once through `notify::text`. Binding into it sets the text.
    public var text: ControlProperty<String?> {
        controlProperty(
            changedBy: "notify::text", getter: { $0.text as String? },
            setter: { entry, text in entry.text = text ?? "" })
    }
}

extension Reactive where Base: Label {
    /// Sets the label's text (`nil` shows nothing).
    public var text: Binder<String?> {
        Binder(base) { label, text in label.text = text ?? "" }
    }
}

extension Reactive where Base: CheckButton {
    /// Whether the box is checked.
    public var isOn: ControlProperty<Bool> {
        controlProperty(changedBy: "notify::active", getter: { $0.isOn }, setter: { $0.isOn = $1 })
    }
}

extension Reactive where Base: Switch {
    /// Whether the switch is on.
    public var isOn: ControlProperty<Bool> {
        controlProperty(changedBy: "notify::active", getter: { $0.isOn }, setter: { $0.isOn = $1 })
    }
}

extension Reactive where Base: Scale {
    /// The slider's value.
    public var value: ControlProperty<Double> {
        controlProperty(changedBy: "value-changed", getter: { $0.value }, setter: { $0.value = $1 })
    }
}

extension Reactive where Base: SpinButton {
    /// The spin button's value.
    public var value: ControlProperty<Double> {
        controlProperty(changedBy: "value-changed", getter: { $0.value }, setter: { $0.value = $1 })
    }
}

extension Reactive where Base: ListBox {
    /// Binds sequences of items to the list's rows: each new sequence replaces the rows with one
    /// widget per item, made by the configuration function.
    ///
    /// ```swift
    /// results.drive(list.rx.items) { index, item in Label("\(index + 1). \(item)") }
    /// ```
    ///
    /// - Parameter source: The sequence of item arrays.
    public func items<Sequence: Swift.Sequence, Source: ObservableType>(
        _ source: Source
    )
        -> (_ makeRow: @escaping (Int, Sequence.Element) -> Widget) -> Disposable where Source.Element == Sequence
    {
        let list = base
        return { makeRow in
            // Called only inside the binder, on the main thread.
            let factory = MainThreadBox(makeRow)
            return source.bind(
                to: Binder(list) { list, items in
                    let makeRow = factory.value
                    list.setRows(items.enumerated().map { makeRow($0.offset, $0.element) })
                })
        }
    }
}

/// What a widget's signal sequence keeps: the widget, weakly (a subscription does not keep it
/// alive), and the function reading its value.
private final class MainThreadCapture<Base: AnyObject, Value>: @unchecked Sendable {
    // @unchecked Sendable: created on any thread, but `base` and `value` are only used on the
    // main thread (inside `MainActor.assumeIsolated`), where GTK runs.
    weak var base: Base?
    let value: @MainActor (Base, Int32) -> Value

    init(base: Base, value: @escaping @MainActor (Base, Int32) -> Value) {
        self.base = base
        self.value = value
    }
}

/// Carries a value into a main-actor closure.
struct MainThreadBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: the value is only used on the main thread (inside a Binder, or a
    // subscription's disposable made and disposed there).
    let value: Value
    init(_ value: Value) { self.value = value }
}
