import RxSwift
import RxTest
import TestSupport
import XCTest

final class SubscriptionCycleTests: RxTestCase {
    final class Screen {
        let bag = DisposeBag()
        var seen: [Int] = []

        func bind(_ source: Observable<Int>) {
            source.subscribe(onNext: { self.seen.append($0) }).disposed(by: bag)
        }
    }

    func testTerminationBreaksTheSelfBagClosureCycle() {
        let subject = PublishSubject<Int>()
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        screen!.bind(subject)
        subject.onNext(1)
        XCTAssertEqual(screen?.seen, [1])
        screen = nil
        XCTAssertNotNil(weakScreen, "a live subscription keeps its closure's captures, as in RxSwift")
        subject.onCompleted()
        XCTAssertNil(weakScreen, "after the sequence ends, the closures are released")
    }

    /// The forms of subscription whose closures can capture their own subscription.
    private static var subscribers: [(String, (Observable<Int>, @escaping (Int) -> Void) -> Disposable)] {
        [
            ("subscribe(onNext:)", { source, body in source.subscribe(onNext: body) }),
            (
                "subscribe(onNext:onError:onCompleted:onDisposed:)",
                { source, body in
                    source.subscribe(onNext: body, onError: { _ in }, onCompleted: {}, onDisposed: {})
                }
            ),
            ("subscribe(_:)", { source, body in source.subscribe { if case .next(let value) = $0 { body(value) } } }),
            ("map, then subscribe(onNext:)", { source, body in source.map { $0 + 1 }.subscribe(onNext: body) }),
            (
                "subscribe(with:onNext:)",
                { source, body in source.subscribe(with: source, onNext: { _, value in body(value) }) }
            ),
        ]
    }

    /// Holds a subscription for a closure that captures it.
    final class SubscriptionHolder: @unchecked Sendable {
        // @unchecked Sendable: `subscription` is set before the sending thread starts and read
        // only by the test's thread afterwards.
        var subscription: Disposable?
    }

    final class Owner {
        var subscription: Disposable?
        var latest = 0

        /// Keeps its own subscription, whose closure captures `self` strongly.
        func start(_ source: Observable<Int>, with subscribe: (Observable<Int>, @escaping (Int) -> Void) -> Disposable)
        {
            subscription = subscribe(source) { self.latest = $0 }
        }
    }

    /// `d = o.subscribe(onNext: { _ in d?.dispose() })`: disposing from the closure frees the
    /// closure, the subscription and what they capture, as RxSwift does (they kept each other alive).
    func testASubscriptionDisposedFromItsOwnClosureIsFreed() {
        for (form, subscribe) in Self.subscribers {
            let subject = PublishSubject<Int>()
            var owner: Owner? = Owner()
            weak let watched = owner
            let before = Resources.total
            var subscription: Disposable?
            subscription = subscribe(subject.asObservable()) { [owner] value in
                owner?.latest = value
                subscription?.dispose()
            }
            owner = nil
            subject.onNext(1)
            XCTAssertNil(watched, form)
            XCTAssertEqual(Resources.total, before, form)
            subject.onNext(2)
        }
    }

    /// `self.subscription = o.subscribe(onNext: { self.x = $0 })`, later
    /// `self.subscription?.dispose()`: the object is freed once the subscription is disposed.
    func testAnObjectKeepingItsOwnSubscriptionIsFreedWhenItDisposesIt() {
        for (form, subscribe) in Self.subscribers {
            let subject = PublishSubject<Int>()
            var owner: Owner? = Owner()
            weak let watched = owner
            let before = Resources.total
            owner!.start(subject.asObservable(), with: subscribe)
            subject.onNext(3)
            XCTAssertEqual(owner?.latest, form.hasPrefix("map") ? 4 : 3, form)
            owner!.subscription?.dispose()
            owner = nil
            XCTAssertNil(watched, form)
            XCTAssertEqual(Resources.total, before, form)
        }
    }

    /// A disposal from another thread while a closure runs does not release the closure under it:
    /// the closure finishes, and the subscription and its captures are freed afterwards.
    func testDisposingFromAnotherThreadWhileTheClosureRunsFreesEverythingAfterwards() {
        for _ in 0..<200 {
            let subject = PublishSubject<Int>()
            let entered = DispatchSemaphore(value: 0)
            let disposed = DispatchSemaphore(value: 0)
            var owner: Owner? = Owner()
            weak let watched = owner
            // The closure keeps its own subscription: a cycle until it is disposed.
            let holder = SubscriptionHolder()
            holder.subscription = subject.subscribe(onNext: { [owner, holder] value in
                entered.signal()
                disposed.wait()
                owner?.latest = value
                _ = holder
            })
            owner = nil
            let sender = Thread { subject.onNext(1) }
            sender.start()
            entered.wait()
            holder.subscription?.dispose()
            disposed.signal()
            XCTAssertTrue(waitUntil { watched == nil })
        }
    }
}
