import Foundation
import Synchronization

/// Global behaviour that applications and tests may replace.
public enum Hooks {
    /// Handles an error that reached a `subscribe` call without an `onError` handler.
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: Error) -> Void

    /// Receives the library's debug-build warnings (reentrant or concurrent delivery, …).
    public typealias WarningHandler = @Sendable (_ message: String) -> Void

    private static let errorHandler = Locked<DefaultErrorHandler>({ _, error in
        #if DEBUG
        print("Unhandled error happened: \(error)")
        #endif
    })

    private static let warning = Locked<WarningHandler>({ message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    })

    /// Handles an error that reached a binding target that cannot fail (a relay, a Binder).
    public typealias BindingErrorHandler = @Sendable (_ error: Error, _ target: String) -> Void

    private static let bindingError = Locked<BindingErrorHandler>({ error, target in
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

    /// Called with the library's debug-build warnings. Writes them to standard error by default
    /// (RxSwift prints them to standard output).
    public static var warningHandler: WarningHandler {
        get { warning.withLock { $0 } }
        set { warning.withLock { $0 = newValue } }
    }

    /// Captures the call stack of a `subscribe` call, for `defaultErrorHandler`.
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

    private static let captureCallStack = Locked<CustomCaptureSubscriptionCallstack>({
        Thread.callStackSymbols
    })

    @usableFromInline
    static let recordsCallStack = Atomic<Bool>(false)

    /// Captures the call stack when `recordCallStackOnError` is on. The default returns
    /// `Thread.callStackSymbols` (on Linux, addresses and mangled names where symbols are not
    /// available); replace it to capture something else.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { captureCallStack.withLock { $0 } }
        set { captureCallStack.withLock { $0 = newValue } }
    }

    /// Whether `subscribe` calls without an `onError` closure record their call stack (through
    /// `customCaptureSubscriptionCallstack`), to pass it to `defaultErrorHandler` with an error
    /// no closure handles. Off by default: capturing a stack costs time on every subscription.
    public static var recordCallStackOnError: Bool {
        get { recordsCallStack.load(ordering: .relaxed) }
        set { recordsCallStack.store(newValue, ordering: .relaxed) }
    }

    /// An `onError` closure for a `subscribe` call without one, when call stacks are recorded:
    /// it hands errors to `defaultErrorHandler` with the stack captured now.
    @usableFromInline
    static func unhandledErrorReporterWithCallStack() -> (Swift.Error) -> Void {
        let callStack = customCaptureSubscriptionCallstack()
        return { error in defaultErrorHandler(callStack, error) }
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
