/// The errors the library itself produces.
public enum RxError: Swift.Error, CustomDebugStringConvertible, CustomStringConvertible {
    /// An unknown error.
    case unknown
    /// A subject or other object was used after it was disposed.
    case disposed(object: AnyObject & Sendable)
    /// An arithmetic overflow (for example `range` past `Int.max`).
    case overflow
    /// An argument was out of its allowed range (for example a negative count).
    case argumentOutOfRange
    /// The sequence had no elements where one was required.
    case noElements
    /// The sequence had more than one element where exactly one was required.
    case moreThanOneElement
    /// A `timeout` elapsed before the next event.
    case timeout

    /// A readable description of the error.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .overflow: return "Arithmetic overflow occurred."
        case .argumentOutOfRange: return "Argument out of range."
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }

    /// The same as `debugDescription`.
    public var description: String { debugDescription }
}

extension RxError {
    /// `disposed(object:)` for a subject, which is `Sendable` only when its elements are. The
    /// error carries the subject to name it in its description, as RxSwift's does; reading its
    /// elements through the error from another thread is the one use the compiler cannot stop.
    static func disposed(subject: AnyObject) -> RxError {
        // A class existential with or without the `Sendable` marker has the same representation.
        .disposed(object: unsafeBitCast(subject, to: (AnyObject & Sendable).self))
    }
}

extension RxError {
    /// `argumentOutOfRange` for an operator given a bad argument, `problem` naming the operator
    /// and the value (`take(-1): count must be ≥ 0, got -1`). The error itself is RxSwift's,
    /// without a payload (tests compare it, and switches over `RxError` match it), so debug
    /// builds report `problem` through `Hooks.warningHandler` when the operator is built.
    @usableFromInline
    static func argumentOutOfRange(_ problem: @autoclosure () -> String) -> RxError {
        #if DEBUG
        Hooks.warn("⚠️ \(problem()). The sequence fails with RxError.argumentOutOfRange.")
        #endif
        return .argumentOutOfRange
    }
}
