// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/ObservablesObserversAndDisposal.md, compiled and run.

import Foundation
import RxSwift
import TestSupport
import XCTest

final class ObservablesObserversAndDisposalTests: ArticleTestCase {
    func testCreate() {
        func countdown(from start: Int) -> Observable<Int> {
            Observable.create { observer in
                for value in stride(from: start, through: 1, by: -1) {
                    observer.onNext(value)
                }
                observer.onCompleted()
                return Disposables.create { print("countdown disposed") }
            }
        }

        _ = countdown(from: 3).subscribe(
            onNext: { print($0) },
            onCompleted: { print("lift-off") })
        // 3
        // 2
        // 1
        // lift-off
        // countdown disposed

        XCTAssertEqual(takePrinted(), ["3", "2", "1", "lift-off", "countdown disposed"])
    }

    func testObservers() {
        let received = PublishSubject<String>()
        let log = AnyObserver<String> { event in
            print("log:", event)
        }
        _ = received.subscribe(log)
        received.onNext("hello")
        received.onCompleted()
        // log: next(hello)
        // log: completed

        XCTAssertEqual(takePrinted(), ["log: next(hello)", "log: completed"])
    }

    func testReleasingTheBagDisposes() {
        let resourcesBefore = Resources.total
        do {
            let scheduler = SerialDispatchQueueScheduler(qos: .default)
            var bag: DisposeBag? = DisposeBag()
            Observable<Int>.interval(.seconds(1), scheduler: scheduler)
                .subscribe(onNext: { print("tick", $0) }, onDisposed: { print("stopped") })
                .disposed(by: bag!)
            bag = nil   // releasing the bag disposes of the subscription
            // stopped

            XCTAssertNil(bag)
            XCTAssertEqual(takePrinted(), ["stopped"])
        }
        // The cancelled timer lets its resources go on the scheduler's queue, just after.
        let deadline = Date().addingTimeInterval(5)
        while Resources.total != resourcesBefore, Date() < deadline { usleep(1_000) }
        XCTAssertEqual(Resources.total, resourcesBefore)
    }
}
