import Foundation
import RxSwift

#if !canImport(ObjectiveC)
// swift-corelibs-foundation's NotificationCenter is not an NSObject, so it gets `.rx` here.
extension NotificationCenter: ReactiveCompatible {}
#endif

extension Reactive where Base: NotificationCenter {
    /// The notifications named `name` (and posted by `object`, if given), from subscription until
    /// disposal. Each is delivered on the thread that posts it.
    ///
    /// - Parameters:
    ///   - name: The notification's name.
    ///   - object: The object whose notifications are observed (nil: any).
    public func notification(_ name: Notification.Name?, object: AnyObject? = nil) -> Observable<Notification> {
        let center = UncheckedReference(base)
        let sender = object.map(UncheckedReference.init)
        return Observable.create { observer in
            // Each notification is delivered on the thread that posts it, where it was made, as
            // any source sending from a thread of its own (`Notification` is not `Sendable`).
            nonisolated(unsafe) let observer = observer
            let token = center.value.addObserver(forName: name, object: sender?.value, queue: nil) { notification in
                observer.on(.next(notification))
            }
            let registration = UncheckedReference(token as AnyObject)
            return Disposables.create {
                center.value.removeObserver(registration.value)
            }
        }
    }
}

/// Carries a Foundation object into `Sendable` closures.
struct UncheckedReference<Value>: @unchecked Sendable {
    // @unchecked Sendable: NotificationCenter and URLSession are thread-safe; the posting object
    // is only compared by identity.
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
