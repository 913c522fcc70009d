import Dispatch
import Foundation
import RxSwift

/// Carries a value into `MainActor.assumeIsolated`, whose closure the compiler treats as a
/// region boundary.
struct MainThreadValue<Value>: @unchecked Sendable {
    // @unchecked Sendable: only created and unwrapped on the main thread, inside one call.
    let value: Value
}

/// Runs a main-actor closure from a delivery that the caller knows is on the main thread (a
/// Driver or Signal delivers there); stops with a message if it is not.
func callOnMainActor<Value>(_ body: @escaping @MainActor (Value) -> Void) -> (Value) -> Void {
    { value in
        let carried = MainThreadValue(value: value)
        MainActor.assumeIsolated { body(carried.value) }
    }
}

/// `callOnMainActor` for closures without arguments.
func callOnMainActor(_ body: @escaping @MainActor () -> Void) -> () -> Void {
    { MainActor.assumeIsolated { body() } }
}

/// Runs a main-actor closure now when on the main thread, otherwise on the main queue (for
/// `onDisposed`, since a subscription may be disposed from any thread).
func callOnMainActorSoon(_ body: @escaping @MainActor () -> Void) -> () -> Void {
    {
        if Thread.isMainThread {
            MainActor.assumeIsolated { body() }
        } else {
            let carried = MainThreadValue(value: body)
            DispatchQueue.main.async { MainActor.assumeIsolated { carried.value() } }
        }
    }
}

/// Stops with `message` naming `function` unless running on the main thread.
func ensureMainThread(_ function: String) {
    MainScheduler.ensureRunningOnMainThread(errorMessage: "\(function) must be called from the main thread.")
}

/// Holds the object of the `with:` forms of `drive` and `emit` weakly and binds it into their
/// main-actor closures, which are then called only while the object lives.
struct WeakTarget<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }

    func bind<Value>(_ body: (@MainActor (Object, Value) -> Void)?) -> (@MainActor (Value) -> Void)? {
        guard let body else { return nil }
        let reference = MainThreadValue(value: self)
        return { value in
            if let object = reference.value.object { body(object, value) }
        }
    }

    func bind(_ body: (@MainActor (Object) -> Void)?) -> (@MainActor () -> Void)? {
        guard let body else { return nil }
        let reference = MainThreadValue(value: self)
        return {
            if let object = reference.value.object { body(object) }
        }
    }
}
