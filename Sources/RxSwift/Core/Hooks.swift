import Foundation
import Synchronization

/// Global behaviour that applications and tests may replace.
public enum Hooks {
    /// Handles an error that reached a `subscribe` call without an `onError` handler.
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: Error) -> Void

    /// Receives the library's debug-build warnings (reentrant or concurrent delivery, …).
    public typealias WarningHandler = @Sendable (_ message: String) -> Void

    private static let errorHandler = Mutex<DefaultErrorHandler>({ _, error in
        #if DEBUG
        print("Unhandled error happened: \(error)")
        #endif
    })

    private static let warning = Mutex<WarningHandler>({ message in print(message) })

    /// Handles an error that reached a binding target that cannot fail (a relay, a Binder).
    public typealias BindingErrorHandler = @Sendable (_ error: Error, _ target: String) -> Void

    private static let bindingError = Mutex<BindingErrorHandler>({ error, target in
        let message = "Binding error to \(target): \(error)"
        #if DEBUG
        fatalError(message)
        #else
        print(message)
        #endif
    })

    /// Called when an error reaches a binding target that cannot fail (a relay, a Binder). By
    /// default debug builds stop with a message naming the target and the error, and release
    /// builds print it. Tests replace it to check the error.
    public static var bindingErrorHandler: BindingErrorHandler {
        get { bindingError.withLock { $0 } }
        set { bindingError.withLock { $0 = newValue } }
    }

    /// Called with errors that no `onError` handler received. Debug builds print them by default.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { errorHandler.withLock { $0 } }
        set { errorHandler.withLock { $0 = newValue } }
    }

    /// Called with the library's debug-build warnings. Prints them by default.
    public static var warningHandler: WarningHandler {
        get { warning.withLock { $0 } }
        set { warning.withLock { $0 = newValue } }
    }

    /// Whether `subscribe` records a call stack for `defaultErrorHandler` (kept for source
    /// compatibility; call stacks are not recorded on Linux).
    public static var recordCallStackOnError: Bool {
        get { false }
        set { _ = newValue }
    }

    static func reportUnhandled(_ error: Error) {
        defaultErrorHandler([], error)
    }

    static func warn(_ message: String) {
        warningHandler(message)
    }
}

func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("Abstract method", file: file, line: line)
}
