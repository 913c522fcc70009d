/// A sequence that is also an observer: what is sent to it is broadcast to its subscribers.
public protocol SubjectType: ObservableType {
    /// The observer side's type.
    associatedtype Observer: ObserverType

    /// Returns the observer side of the subject.
    func asObserver() -> Observer
}

/// The library's subjects say whether they have terminated, so that `refCount()` can tell that
/// a subscriber was ended at once (it then does not connect) without a stage of its own in the
/// element path.
protocol TerminationReporting: AnyObject {
    var hasTerminated: Bool { get }
}
