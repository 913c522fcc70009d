import Dispatch
import Foundation
@_spi(OpenRx) import RxSwift

/// Stops with `message` naming `function` unless running on main.
func ensureMainThread(_ function: String) {
    MainScheduler.ensureRunningOnMainThread(
        errorMessage:
            "\(function) must be called from the main thread: a Driver or Signal delivers there. In a test, mark the test function or its suite `@MainActor` (Swift Testing: `@Test @MainActor func …`; XCTest: an `async` `@MainActor` test method)."
    )
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
