import Dispatch
import Foundation
@_spi(OpenRx) import RxSwift

/// Carries a value to the main queue, across a closure boundary the compiler cannot see through.
struct MainThreadValue<Value>: @unchecked Sendable {
    // @unchecked Sendable: created on one thread and unwrapped on the main queue, once; nothing
    // else touches it.
    let value: Value
}

/// Runs `body` now when on main (`MainScheduler.isOnMain`), otherwise soon after on the main
/// queue (for `onDisposed`, since a subscription may be disposed from any thread).
func callOnMainSoon(_ body: @escaping () -> Void) -> () -> Void {
    {
        if MainScheduler.isOnMain {
            body()
        } else {
            let carried = MainThreadValue(value: body)
            DispatchQueue.main.async { carried.value() }
        }
    }
}

/// Stops with `message` naming `function` unless running on main.
func ensureMainThread(_ function: String) {
    MainScheduler.ensureRunningOnMainThread(errorMessage: "\(function) must be called from the main thread.")
}

/// Holds the object of the `with:` forms of `drive` and `emit` weakly and binds it into their
/// closures, which are then called only while the object lives.
struct WeakTarget<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }

    func bind<Value>(_ body: ((Object, Value) -> Void)?) -> ((Value) -> Void)? {
        guard let body else { return nil }
        return { value in
            if let object = self.object { body(object, value) }
        }
    }

    func bind(_ body: ((Object) -> Void)?) -> (() -> Void)? {
        guard let body else { return nil }
        return {
            if let object = self.object { body(object) }
        }
    }
}
