import Foundation
import RxCocoa
import RxSwift
import RxTest
import TestSupport
import XCTest

final class SignalTests: RxTestCase {
    func testDoesNotReplayToANewSubscriberButSharesTheUpstream() {
        MainActor.assumeIsolated {
            let relay = PublishRelay<Int>()
            var subscriptions = 0
            let signal = relay.asObservable().do(onSubscribe: { subscriptions += 1 }).asSignal(onErrorJustReturn: 0)
            var first: [Int] = []
            var second: [Int] = []
            let a = signal.emit(onNext: { first.append($0) })
            relay.accept(1)
            let b = signal.emit(onNext: { second.append($0) })
            relay.accept(2)
            a.dispose()
            b.dispose()
            XCTAssertEqual(first, [1, 2])
            XCTAssertEqual(second, [2], "a Signal does not replay 1")
            XCTAssertEqual(subscriptions, 1)
        }
    }

    /// The sharing lasts while someone is subscribed (`.whileConnected`): a subscriber arriving
    /// after the connection ended (here the source completed) subscribes to the source again and
    /// receives what that new connection sends, not the old connection's end.
    func testASubscriberAfterAllOthersLeftStartsAFreshConnection() {
        MainActor.assumeIsolated {
            var connections = 0
            let source = Observable<Int>.deferred {
                connections += 1
                return Observable.just(connections * 10)
            }
            let signal = source.asSignal(onErrorJustReturn: -1)
            var first: [Int] = []
            var later: [Int] = []
            let a = signal.emit(onNext: { first.append($0) })
            a.dispose()
            let c = signal.emit(onNext: { later.append($0) })
            c.dispose()
            XCTAssertEqual(first, [10])
            XCTAssertEqual(later, [20])
            XCTAssertEqual(connections, 2)
        }
    }

    func testEmitIntoRelaysAndObservers() {
        let button = Button()
        let publish = PublishRelay<Void>()
        let behavior = BehaviorRelay<Int>(value: 0)
        let optional = BehaviorRelay<Int?>(value: nil)
        let label = Label()
        let bag = DisposeBag()
        let taps = button.rx.tap.asSignal()
        var published = 0
        publish.subscribe(onNext: { published += 1 }).disposed(by: bag)
        taps.emit(to: publish).disposed(by: bag)
        let counts = taps.scan(0) { count, _ in count + 1 }
        counts.emit(to: behavior).disposed(by: bag)
        counts.emit(to: optional).disposed(by: bag)
        counts.map { "tapped \($0)" }.emit(to: label.rx.text).disposed(by: bag)
        button.simulateTap()
        button.simulateTap()
        XCTAssertEqual(published, 2)
        XCTAssertEqual(behavior.value, 2)
        XCTAssertEqual(optional.value, 2)
        XCTAssertEqual(label.text, "tapped 2")
    }

    func testErrorRecoveryForms() {
        MainActor.assumeIsolated {
            let failing = Observable<Int>.concat(.just(1), .error(testError))
            var seen: [String] = []
            _ = failing.asSignal(onErrorJustReturn: -1).emit(onNext: { seen.append("just \($0)") })
            _ = failing.asSignal(onErrorSignalWith: .just(9)).emit(onNext: { seen.append("with \($0)") })
            _ = failing.asSignal(onErrorRecover: { _ in .empty() }).emit(
                onNext: { seen.append("recover \($0)") }, onCompleted: { seen.append("recover done") })
            XCTAssertEqual(seen, ["just 1", "just -1", "with 1", "with 9", "recover 1", "recover done"])
        }
    }

    func testEmitWithObject() {
        MainActor.assumeIsolated {
            let relay = PublishRelay<String>()
            let label = Label()
            let subscription = relay.asSignal().emit(with: label, onNext: { label, text in label.text = text })
            relay.accept("hello")
            subscription.dispose()
            XCTAssertEqual(label.text, "hello")
        }
    }

    func testInfallibleConvertsToDriverAndSignal() {
        MainActor.assumeIsolated {
            var seen: [Int] = []
            let infallible = Infallible.of(1, 2)
            _ = infallible.asDriver().drive(onNext: { seen.append($0) })
            _ = infallible.asSignal().emit(onNext: { seen.append($0 * 10) })
            XCTAssertEqual(seen, [1, 2, 10, 20])
        }
    }

    /// A Signal shares its source; a subscription that completed (`take(1)`) leaves it before a
    /// `concat` subscribes the same Signal again, which connects anew.
    func testConcatOfASignalThatEndsReconnects() {
        MainActor.assumeIsolated {
            let scheduler = TestScheduler(initialClock: 0)
            let hot = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
            let once = Signal.merge(hot.asSignal(onErrorJustReturn: -1), .never()).asObservable().take(1)
            let res = scheduler.start { once.concat(once) }
            XCTAssertEqual(res.events, [.next(210, 1), .next(300, 2), .completed(300)])
            XCTAssertEqual(hot.subscriptions, [Subscription(200, 210), Subscription(210, 300)])
        }
    }

    /// `startWith` gives a Signal that is shared: a subscriber that joins later gets neither the
    /// start element nor a replay (RxSwift 6.10: nothing).
    func testStartWithIsShared() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let hot = scheduler.createHotObservable([.next(250, 5)])
            let signal = hot.asSignal(onErrorJustReturn: 9).startWith(0)
            let first = scheduler.createObserver(Int.self)
            let late = scheduler.createObserver(Int.self)
            let bag = DisposeBag()
            scheduler.scheduleAt(200) { signal.emit(to: first).disposed(by: bag) }
            scheduler.scheduleAt(300) { signal.emit(to: late).disposed(by: bag) }
            scheduler.start()
            XCTAssertEqual(first.events.map(\.value.element), [0, 5])
            XCTAssertEqual(late.events, [])
            XCTAssertEqual(hot.subscriptions, [Subscription(200)])
        }
    }

}
