import RxSwift
import RxTest
import TestSupport
import XCTest

final class MultiSourceEngineTests: RxTestCase {
    /// An input that fails after subscribe is disposed before the error reaches the subscriber,
    /// for combineLatest and zip alike: RxSwift 6.10.2's order, printed by the same chains.
    func testAFailingInputIsDisposedBeforeTheErrorGoesOn() {
        let forms: [(String, (Observable<Int>, Observable<Int>) -> Observable<Int>)] = [
            ("combineLatest", { Observable.combineLatest($0, $1) { $0 + $1 } }),
            ("zip", { Observable.zip($0, $1) { $0 + $1 } }),
        ]
        for (name, form) in forms {
            var log: [String] = []
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
            let b = scheduler.createHotObservable([.next(215, 2)])
            let failing = a.asObservable().do(
                onError: { _ in log.append("t1.onError") }, afterError: { _ in log.append("t1.afterError") },
                onDispose: { log.append("t1.onDispose") })
            _ = scheduler.start {
                form(failing, b.asObservable()).do(
                    onError: { _ in log.append("s1.error") }, onDispose: { log.append("s1.disposed") })
            }
            XCTAssertEqual(
                log.joined(separator: " "), "t1.onError t1.onDispose s1.error s1.disposed t1.afterError", name)
            XCTAssertEqual(a.subscriptions, [Subscription(200, 230)], name)
            XCTAssertEqual(b.subscriptions, [Subscription(200, 230)], name)
        }
    }

    func testZipQueuesManyElementsInOrder() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<String>()
        var pairs: [String] = []
        let subscription = Observable.zip(a, b) { "\($0)\($1)" }.subscribe(onNext: { pairs.append($0) })
        for value in 0..<10 { a.onNext(value) }
        for letter in ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"] { b.onNext(letter) }
        subscription.dispose()
        XCTAssertEqual(pairs, ["0a", "1b", "2c", "3d", "4e", "5f", "6g", "7h", "8i", "9j"])
    }

    func testZipFromTwoThreadsPairsByIndexWithoutLossOrOverlap() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let results = LockedBox<[Int]>([])
        let inside = LockedBox(0)
        let overlaps = LockedBox(0)
        let subscription = Observable.zip(a, b) { left, right -> Int in
            XCTAssertEqual(left, right)
            return left
        }.subscribe(onNext: { value in
            inside.mutate {
                $0 += 1; if $0 > 1 { overlaps.mutate { $0 += 1 } }
            }
            results.mutate { $0.append(value) }
            inside.mutate { $0 -= 1 }
        })
        runConcurrently(2) { thread in
            let subject = thread == 0 ? a : b
            for value in 0..<2_000 { subject.onNext(value) }
        }
        subscription.dispose()
        XCTAssertEqual(results.value, Array(0..<2_000))
        XCTAssertEqual(overlaps.value, 0)
    }

    func testCombineLatestFromTwoThreadsDeliversSeriallyAndEndsWithTheLastValues() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let last = LockedBox<(Int, Int)?>(nil)
        let count = LockedBox(0)
        let inside = LockedBox(0)
        let overlaps = LockedBox(0)
        let subscription = Observable.combineLatest(a, b).subscribe(onNext: { pair in
            inside.mutate {
                $0 += 1; if $0 > 1 { overlaps.mutate { $0 += 1 } }
            }
            last.mutate { $0 = pair }
            count.mutate { $0 += 1 }
            inside.mutate { $0 -= 1 }
        })
        a.onNext(-1)
        b.onNext(-1)
        runConcurrently(2) { thread in
            let subject = thread == 0 ? a : b
            for value in 0..<2_000 { subject.onNext(value) }
        }
        subscription.dispose()
        XCTAssertEqual(overlaps.value, 0)
        XCTAssertEqual(count.value, 4_001, "one combination per element once both have one")
        XCTAssertEqual(last.value?.0, 1_999)
        XCTAssertEqual(last.value?.1, 1_999)
    }
}
