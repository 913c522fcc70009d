// settings: -swift-version 6
// A subject, a relay or an observer of non-Sendable elements cannot be handed to another thread:
// it would carry an instance made on one thread to code reading it on another.
// expected-error: capture of 'subject' with non-Sendable type 'PublishSubject<Profile>' in a '@Sendable' closure
// expected-error: capture of 'relay' with non-Sendable type 'BehaviorRelay<Profile>' in a '@Sendable' closure
// expected-error: capture of 'observer' with non-Sendable type 'AnyObserver<Profile>' in a '@Sendable' closure

import Dispatch
import RxRelay
import RxSwift

final class Profile {
    var name = ""
}

func sendFromAnotherThread(_ subject: PublishSubject<Profile>) {
    DispatchQueue.global().async { subject.onNext(Profile()) }
}

func acceptFromAnotherThread(_ relay: BehaviorRelay<Profile>) {
    DispatchQueue.global().async { relay.accept(Profile()) }
}

func create() -> Observable<Profile> {
    Observable.create { observer in
        DispatchQueue.global().async { observer.onNext(Profile()) }
        return Disposables.create()
    }
}
