import Foundation
import RxSwift
import RxTest
import Synchronization
import TestSupport
import XCTest

/// RxSwift's recurring deadlocks came from operators holding their lock while calling observers.
/// These scenarios deadlock under that design; here they must finish.
final class DeadlockTests: RxTestCase {
    /// Thread 1 delivers through the operator and then needs the user's lock; thread 2 holds the
    /// user's lock and sends into the same operator. Under a lock held during delivery, each
    /// waits for the other forever. (The lock is recursive because the sending thread may also be
    /// the delivering one.)
    private func assertNoLockOrderDeadlock(
        _ makeOperator: (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Int>
    ) {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let userLock = NSRecursiveLock()
        let received = Atomic<Int>(0)
        let subscription = makeOperator(a, b).subscribe(onNext: { _ in
            userLock.lock()
            received.wrappingAdd(1, ordering: .relaxed)
            userLock.unlock()
        })
        runConcurrently(2, timeout: 60) { thread in
            for value in 0..<2_000 {
                if thread == 0 {
                    a.onNext(value)
                } else {
                    userLock.lock()
                    b.onNext(value)
                    userLock.unlock()
                }
            }
        }
        subscription.dispose()
        XCTAssertGreaterThan(received.load(ordering: .relaxed), 0)
    }

    func testMergeDoesNotHoldItsLockWhileDelivering() {
        assertNoLockOrderDeadlock { a, b in Observable.merge(a.asObservable(), b.asObservable()) }
    }

    func testCombineLatestDoesNotHoldItsLockWhileDelivering() {
        assertNoLockOrderDeadlock { a, b in Observable.combineLatest(a, b) { $0 + $1 } }
    }

    func testZipDoesNotHoldItsLockWhileDelivering() {
        assertNoLockOrderDeadlock { a, b in Observable.zip(a, b) { $0 + $1 } }
    }

    func testWithLatestFromDoesNotHoldItsLockWhileDelivering() {
        assertNoLockOrderDeadlock { a, b in
            Observable.merge(a.asObservable(), b.asObservable()).withLatestFrom(b) { $0 + $1 }
        }
    }

    func testSubjectDoesNotHoldItsLockWhileDelivering() {
        assertNoLockOrderDeadlock { a, b in
            let shared = PublishSubject<Int>()
            _ = a.subscribe(shared)
            _ = b.subscribe(shared)
            return shared.asObservable()
        }
    }

    func testReentrantSendFromSubscriberDoesNotDeadlock() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var seen: [Int] = []
        let subscription = Observable.combineLatest(a, b) { $0 + $1 }.subscribe(onNext: { sum in
            seen.append(sum)
            if sum < 5 { a.onNext(sum) }
        })
        b.onNext(1)
        a.onNext(0)
        XCTAssertEqual(seen, [1, 2, 3, 4, 5])
        subscription.dispose()
    }
}
