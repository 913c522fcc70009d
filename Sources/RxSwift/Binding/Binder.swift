/// An observer that applies elements to a target object, for binding sequences into UI.
///
/// - It never fails: an error reaching it goes to `Hooks.bindingErrorHandler` (debug builds stop
///   with a message naming the binder and the error, release builds log it). Completion is ignored.
/// - It holds its target weakly; once the target is gone, elements are dropped.
/// - It applies elements on its scheduler, the main scheduler unless you pass another one. With
///   the main scheduler the binding closure is `@MainActor`, so it may touch main-actor state:
///
/// ```swift
/// extension Reactive where Base: Label {
///     var text: Binder<String?> { Binder(base) { label, text in label.text = text } }
/// }
/// ```
public struct Binder<Value>: ObserverType {
    /// The type of the bound values.
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    /// Creates a binder that applies each element to `target` on the main thread.
    ///
    /// - Parameters:
    ///   - target: The object the values are bound to; held weakly.
    ///   - binding: Applies one value to the target; runs on the main actor.
    public init<Target: AnyObject>(_ target: Target, binding: @escaping @MainActor (Target, Value) -> Void) {
        // Its own main scheduler, as in RxSwift: a MainScheduler runs an action at once only when
        // none of its own actions is running, so sharing `MainScheduler.instance` with an
        // upstream `observe(on:)` would turn every binding into a main-queue hop.
        self.init(target, scheduler: MainScheduler(), binding: binding)
    }

    /// Creates a binder that applies each element to `target` on the main thread.
    ///
    /// - Parameters:
    ///   - target: The object the values are bound to; held weakly.
    ///   - scheduler: The main scheduler (`MainScheduler.instance` or `MainScheduler()`).
    ///   - binding: Applies one value to the target; runs on the main actor.
    public init<Target: AnyObject>(
        _ target: Target, scheduler: MainScheduler, binding: @escaping @MainActor (Target, Value) -> Void
    ) {
        self.init(target, scheduler: scheduler as ImmediateSchedulerType) { target, value in
            // The main scheduler runs this on the main thread; the box only carries the pair
            // across the closure boundary the compiler cannot see through.
            let pair = UncheckedBox((target, value))
            MainActor.assumeIsolated { binding(pair.value.0, pair.value.1) }
        }
    }

    /// Creates a binder that applies each element to `target` on `scheduler`.
    ///
    /// - Parameters:
    ///   - target: The object the values are bound to; held weakly.
    ///   - scheduler: Where `binding` runs.
    ///   - binding: Applies one value to the target.
    public init<Target: AnyObject>(
        _ target: Target, scheduler: ImmediateSchedulerType, binding: @escaping @isolated(any) (Target, Value) -> Void
    ) {
        let (binding, actor) = Isolation.split(binding)
        let scheduler = Isolation.scheduler(scheduler, then: actor)
        weak let weakTarget = target
        let name = "Binder<\(Value.self)>"
        self.binding = { event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    if let target = weakTarget {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                Hooks.bindingErrorHandler(error, name)
            case .completed:
                break
            }
        }
    }

    /// Applies a `next` element to the target; reports an error to `Hooks.bindingErrorHandler`.
    ///
    /// - Parameter event: The event.
    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// Erases the type of this binder.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}
