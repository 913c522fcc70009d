/// A sequence that is also an observer: what is sent to it is broadcast to its subscribers.
public protocol SubjectType: ObservableType {
    /// The observer side's type.
    associatedtype Observer: ObserverType

    /// Returns the observer side of the subject.
    func asObserver() -> Observer
}
