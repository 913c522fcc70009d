// swift-format-ignore-file
// (Laid out as the articles show it; SamplesAreCompiledTests compares the two.)
// The code of RxTest.docc (RxTest.md, MarbleTesting.md, TestingWithRxTestAndRxBlocking.md),
// compiled and run.

import Foundation
import RxBlocking
import RxCocoa
import RxSwift
import RxTest
import Testing
import TestSupport
import XCTest

final class MarbleTestingArraysTests: RxTestCase {
    func testMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .next(250, 2), .completed(280)])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(220, 10), .next(250, 20), .completed(280)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 280)])
    }
}

final class MarbleTestingMarblesTests: RxTestCase {
    func testMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, marbles: "--x--y--|", values: ["x": 10, "y": 20])
        XCTAssertEqual(xs.subscriptions, marbles: "^-------!")
    }

    func testSequencesOfSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a-b---c-|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.startRecordingInner { xs.window(timeSpan: .seconds(1_000), count: 2, scheduler: scheduler) }
        XCTAssertEqual(
            res, marbles: "a--b-----|", inner: ["a": "-x-(y|)", "b": "----z-|"], values: ["x": 1, "y": 2, "z": 3])
    }

    func testSignalOnTheTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let xs = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
            let res = scheduler.start { xs.asSignal(onErrorJustReturn: 0).map { $0 * 10 } }
            XCTAssertEqual(res.events, marbles: "--x--y--|", values: ["x": 10, "y": 20], subscribed: 201)
        }
    }
}

@Test func mapMultiplies() {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
    let res = scheduler.start { xs.map { $0 * 10 } }
    expectEvents(res.events, marbles: "--x--y--|", values: ["x": 10, "y": 20])
    expectSubscriptions(xs.subscriptions, marbles: "^-------!")
}

struct SignInViewModel {
    let canSignIn: Observable<Bool>
    let signedIn: Observable<String>

    init(
        email: Observable<String>, password: Observable<String>, taps: Observable<Void>,
        signIn: @escaping (String) -> Observable<String>
    ) {
        canSignIn = Observable.combineLatest(email, password) { email, password in
            email.contains("@") && password.count >= 8
        }
        .distinctUntilChanged()
        signedIn = taps.withLatestFrom(email)
            .flatMapFirst { signIn($0) }
    }
}

final class TestingWithRxTestAndRxBlockingTests: RxTestCase {
    func testSignInViewModel() {
        let scheduler = TestScheduler(initialClock: 0)
        let email = scheduler.createHotObservable("-a--b-----", values: ["a": "ada", "b": "ada@rx.io"])
        let password = scheduler.createHotObservable("---p------", values: ["p": "difference"])
        let taps = scheduler.createHotObservable("------t-t-", values: ["t": ()])
        let viewModel = SignInViewModel(
            email: email.asObservable(), password: password.asObservable(), taps: taps.asObservable(),
            signIn: { user in
                scheduler.createColdObservable("---u|", values: ["u": "welcome \(user)"]).asObservable()
            })

        let enabled = scheduler.createObserver(Bool.self)
        let bag = DisposeBag()   // ends the subscription with the test
        scheduler.scheduleAt(200) { viewModel.canSignIn.subscribe(enabled).disposed(by: bag) }
        let signedIn = scheduler.start { viewModel.signedIn }

        XCTAssertEqual(enabled.events, marbles: "---fT-----", values: ["f": false, "T": true])
        XCTAssertEqual(signedIn.events, marbles: "---------w", values: ["w": "welcome ada@rx.io"])
    }

    func testSubscriptionLifetimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<String> = scheduler.createHotObservable("--1--2--3--|")
        let res = scheduler.start { xs.take(2) }
        XCTAssertEqual(res.events, marbles: "--1--(2|)")
        XCTAssertEqual(xs.subscriptions, marbles: "^----!")
    }

    func testRxBlocking() throws {
        let numbers = Observable.from([1, 2, 3]).observe(on: ConcurrentDispatchQueueScheduler(qos: .default))
        XCTAssertEqual(try numbers.toBlocking(timeout: 1).toArray(), [1, 2, 3])
        XCTAssertEqual(try numbers.toBlocking().first(), 1)

        switch Observable<Int>.error(LookupError.notFound).toBlocking().materialize() {
        case .completed(let elements):
            XCTFail("completed with \(elements)")
        case .failed(let elements, let error):
            XCTAssertEqual(elements, [])
            XCTAssertEqual(error as? LookupError, .notFound)
        }
    }

    func testLeakCheck() {
        let before = Resources.total
        do {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 + 1 }.subscribe()
            subject.onNext(1)
            subscription.dispose()
        }
        XCTAssertEqual(Resources.total, before)
    }
}
