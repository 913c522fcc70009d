import RxSwift
import RxTest
import TestSupport
import XCTest

/// The order of events, side effects and disposals within one instant, as RxSwift 6.10 gives them
/// for the same programs (each expected log was recorded by running the scenario against RxSwift):
/// a source's `do(onDispose:)` against its `do(afterCompleted:)`, a subscriber's `onDisposed`
/// against the source's clean-up, a finished input's disposal against the operator's output.
final class TeardownOrderTests: RxTestCase {
    private let log = LockedBox<[String]>([])

    private func note(_ entry: String) { log.mutate { $0.append(entry) } }

    /// `source` with every `do` hook noting itself under `name`.
    private func tap<Element>(_ source: Observable<Element>, _ name: String) -> Observable<Element> {
        source.do(
            onNext: { self.note("\(name).next(\($0))") }, afterNext: { _ in self.note("\(name).afterNext") },
            onError: { _ in self.note("\(name).error") }, afterError: { _ in self.note("\(name).afterError") },
            onCompleted: { self.note("\(name).completed") }, afterCompleted: { self.note("\(name).afterCompleted") },
            onSubscribe: { self.note("\(name).subscribe") }, onSubscribed: { self.note("\(name).subscribed") },
            onDispose: { self.note("\(name).dispose") })
    }

    /// Subscribes the subscriber "S", noting its events and its `onDisposed`.
    @discardableResult
    private func subscribe<Element>(_ source: Observable<Element>) -> Disposable {
        source.subscribe(
            onNext: { self.note("S.next(\($0))") }, onError: { _ in self.note("S.error") },
            onCompleted: { self.note("S.completed") }, onDisposed: { self.note("S.disposed") })
    }

    private func order(_ run: () -> Void) -> String {
        log.mutate { $0 = [] }
        run()
        return log.value.joined(separator: " ")
    }

    func testShareWhileConnectedLetsTheSourceEndItselfAndShareReplayOfTwoDisposesItFirst() {
        let shares: [(String, (Observable<Int>) -> Observable<Int>)] = [
            ("share()", { $0.share() }), ("share(replay: 1)", { $0.share(replay: 1) }),
            ("share(replay: 2)", { $0.share(replay: 2) }),
            ("share(replay: 1, scope: .forever)", { $0.share(replay: 1, scope: .forever) }),
            ("publish().refCount()", { $0.publish().refCount() }),
        ]
        let letsTheSourceEnd =
            "src.subscribe src.subscribed src.next(1) S.next(1) src.afterNext src.completed S.completed S.disposed src.afterCompleted src.dispose"
        let disposesTheSourceFirst =
            "src.subscribe src.subscribed src.next(1) S.next(1) src.afterNext src.completed src.dispose S.completed S.disposed src.afterCompleted"
        for (index, (name, share)) in shares.enumerated() {
            let expected = index < 2 ? letsTheSourceEnd : disposesTheSourceFirst
            XCTAssertEqual(
                order {
                    let subject = PublishSubject<Int>()
                    subscribe(share(tap(subject.asObservable(), "src")))
                    subject.onNext(1)
                    subject.onCompleted()
                }, expected, "\(name) over a subject")
            XCTAssertEqual(order { subscribe(share(tap(Observable.of(1), "src"))) }, expected, "\(name) over of(1)")
        }
    }

    func testCombiningOperatorsDisposeAFinishedInputAtOnce() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let inputs = { (self.tap(a.asObservable(), "a"), self.tap(b.asObservable(), "b")) }
        XCTAssertEqual(
            order {
                let (x, y) = inputs()
                subscribe(Observable.combineLatest(x, y) { $0 + $1 })
                a.onNext(1); b.onNext(2); a.onCompleted(); b.onNext(3); b.onCompleted()
            },
            "a.subscribe a.subscribed b.subscribe b.subscribed a.next(1) a.afterNext b.next(2) S.next(3) b.afterNext "
                + "a.completed a.dispose a.afterCompleted b.next(3) S.next(4) b.afterNext b.completed b.dispose "
                + "S.completed S.disposed b.afterCompleted")
        let c = PublishSubject<Int>()
        let d = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                let disposable = subscribe(
                    Observable.zip(tap(c.asObservable(), "a"), tap(d.asObservable(), "b")) { $0 + $1 })
                c.onNext(1); c.onNext(5); c.onCompleted(); d.onNext(2); d.onNext(3)
                disposable.dispose()
            },
            "a.subscribe a.subscribed b.subscribe b.subscribed a.next(1) a.afterNext a.next(5) a.afterNext "
                + "a.completed a.dispose a.afterCompleted b.next(2) S.next(3) b.afterNext b.next(3) S.next(8) b.afterNext "
                + "b.dispose S.disposed")
        let e = PublishSubject<Int>()
        let f = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                subscribe(Observable.merge(tap(e.asObservable(), "a"), tap(f.asObservable(), "b")))
                e.onNext(1); e.onCompleted(); f.onNext(3); f.onCompleted()
            },
            "a.subscribe a.subscribed b.subscribe b.subscribed a.next(1) S.next(1) a.afterNext a.completed a.dispose "
                + "a.afterCompleted b.next(3) S.next(3) b.afterNext b.completed b.dispose S.completed S.disposed b.afterCompleted"
        )
        let g = PublishSubject<Int>()
        let h = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                subscribe(tap(g.asObservable(), "a").withLatestFrom(tap(h.asObservable(), "b")))
                h.onNext(1); h.onCompleted(); g.onNext(2); g.onCompleted()
            },
            "b.subscribe b.subscribed a.subscribe a.subscribed b.next(1) b.afterNext b.completed b.dispose b.afterCompleted "
                + "a.next(2) S.next(1) a.afterNext a.completed S.completed S.disposed a.dispose a.afterCompleted")
        let i = PublishSubject<Int>()
        let j = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                subscribe(tap(i.asObservable(), "a").amb(tap(j.asObservable(), "b")))
                i.onNext(1); i.onCompleted()
            },
            "a.subscribe a.subscribed b.subscribe b.subscribed a.next(1) b.dispose S.next(1) a.afterNext a.completed "
                + "S.completed S.disposed a.dispose a.afterCompleted")
    }

    func testFlatteningOperatorsDisposeTheCompletedOuterAndInnerSequencesAtOnce() {
        let flattenings: [(String, (Observable<Int>, @escaping (Int) -> Observable<Int>) -> Observable<Int>)] = [
            ("flatMap", { $0.flatMap($1) }), ("flatMapLatest", { $0.flatMapLatest($1) }),
            ("concatMap", { $0.concatMap($1) }), ("flatMapFirst", { $0.flatMapFirst($1) }),
        ]
        for (name, flatten) in flattenings {
            let outer = PublishSubject<Int>()
            let inner = PublishSubject<Int>()
            XCTAssertEqual(
                order {
                    subscribe(flatten(tap(outer.asObservable(), "outer")) { _ in self.tap(inner.asObservable(), "a") })
                    outer.onNext(1); outer.onCompleted(); inner.onNext(1); inner.onCompleted()
                },
                "outer.subscribe outer.subscribed outer.next(1) a.subscribe a.subscribed outer.afterNext outer.completed "
                    + "outer.dispose outer.afterCompleted a.next(1) S.next(1) a.afterNext a.completed a.dispose "
                    + "S.completed S.disposed a.afterCompleted", name)
        }
    }

    func testPassThroughOperatorsLetTheSourceEndItself() {
        XCTAssertEqual(
            order { subscribe(tap(Observable.of(1), "src").startWith(0)) },
            "S.next(0) src.subscribe src.subscribed src.next(1) S.next(1) src.afterNext src.completed S.completed "
                + "S.disposed src.afterCompleted src.dispose")
        let subject = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                subscribe(
                    tap(
                        Observable<Int>.create { observer in
                            self.tap(subject.asObservable(), "inner").subscribe(observer)
                        }, "outer"))
                subject.onNext(1); subject.onCompleted()
            },
            "outer.subscribe inner.subscribe inner.subscribed outer.subscribed inner.next(1) outer.next(1) S.next(1) "
                + "outer.afterNext inner.afterNext inner.completed outer.completed S.completed S.disposed "
                + "outer.afterCompleted inner.dispose outer.dispose inner.afterCompleted")
    }

    /// A subscriber's `onDisposed` runs right after its `onError` or `onCompleted`, also when the
    /// source ends during `subscribe`, before the source's own clean-up.
    func testSubscribersOnDisposedFollowsItsTerminalClosureAlsoDuringSubscribe() {
        struct Resource: Disposable {
            let onDispose: () -> Void
            func dispose() { onDispose() }
        }
        XCTAssertEqual(
            order { subscribe(tap(Observable<Int>.error(testError), "src")) },
            "src.subscribe src.error S.error S.disposed src.afterError src.subscribed src.dispose")
        XCTAssertEqual(
            order { subscribe(tap(Observable.of(1), "src").map { _ -> Int in throw testError }) },
            "src.subscribe src.subscribed src.next(1) S.error S.disposed src.dispose src.afterNext")
        XCTAssertEqual(
            order {
                subscribe(
                    tap(
                        Observable<Int>.using(
                            { () throws -> Resource in
                                self.note("resource")
                                return Resource(onDispose: { self.note("resource.dispose") })
                            }, observableFactory: { _ in throw testError }), "u"))
            }, "u.subscribe resource u.error S.error S.disposed u.afterError resource.dispose u.subscribed u.dispose")
        var attempts = 0
        XCTAssertEqual(
            order {
                subscribe(
                    tap(
                        Observable<Int>.deferred {
                            attempts += 1
                            return attempts < 2 ? .error(testError) : .just(attempts)
                        }, "src"
                    ).retry(3))
            },
            "src.subscribe src.error src.afterError src.subscribed src.dispose src.subscribe src.next(2) S.next(2) "
                + "src.afterNext src.completed S.completed S.disposed src.afterCompleted src.subscribed src.dispose")
    }

    func testIfEmptyFirstAndThenForwardBeforeDisposing() {
        let source = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                subscribe(tap(source.asObservable(), "src").ifEmpty(default: 9))
                source.onNext(1); source.onCompleted()
            },
            "src.subscribe src.subscribed src.next(1) S.next(1) src.afterNext src.completed S.completed S.disposed "
                + "src.dispose src.afterCompleted")
        let empty = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                subscribe(tap(empty.asObservable(), "src").ifEmpty(switchTo: tap(.just(9), "other")))
                empty.onCompleted()
            },
            "src.subscribe src.subscribed src.completed other.subscribe other.next(9) S.next(9) other.afterNext "
                + "other.completed S.completed S.disposed src.dispose other.afterCompleted other.subscribed "
                + "other.dispose src.afterCompleted")
        let firstSource = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                _ = tap(firstSource.asObservable(), "src").first().subscribe(
                    onSuccess: { self.note("S.success(\(String(describing: $0)))") },
                    onDisposed: { self.note("S.disposed") })
                firstSource.onNext(1)
            }, "src.subscribe src.subscribed src.next(1) S.success(Optional(1)) S.disposed src.dispose src.afterNext")
        let completable = PublishSubject<Never>()
        let second = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                subscribe(
                    tap(completable.asObservable(), "first").asCompletable().andThen(
                        tap(second.asObservable(), "second")))
                completable.onCompleted(); second.onNext(1); second.onCompleted()
            },
            "first.subscribe first.subscribed first.completed second.subscribe second.subscribed first.dispose "
                + "first.afterCompleted second.next(1) S.next(1) second.afterNext second.completed S.completed "
                + "S.disposed second.dispose second.afterCompleted")
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                subscribe(tap(a.asObservable(), "a").concat(tap(b.asObservable(), "b")))
                a.onNext(1); a.onCompleted(); b.onNext(2); b.onCompleted()
            },
            "a.subscribe a.subscribed a.next(1) S.next(1) a.afterNext a.completed a.dispose b.subscribe b.subscribed "
                + "a.afterCompleted b.next(2) S.next(2) b.afterNext b.completed S.completed S.disposed b.dispose b.afterCompleted"
        )
    }

    func testTakeUntilSubscribesItsTriggerFirstAndRefCountItsObserverBeforeConnecting() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                subscribe(tap(source.asObservable(), "src").take(until: tap(trigger.asObservable(), "trigger")))
                trigger.onNext(1)
            },
            "trigger.subscribe trigger.subscribed src.subscribe src.subscribed trigger.next(1) S.completed S.disposed "
                + "src.dispose trigger.dispose trigger.afterNext")
        let shared = PublishSubject<Int>()
        XCTAssertEqual(
            order {
                let subscription = subscribe(tap(tap(shared.asObservable(), "src").publish().refCount(), "rc"))
                shared.onNext(1)
                subscription.dispose()
            },
            "rc.subscribe src.subscribe src.subscribed rc.subscribed src.next(1) rc.next(1) S.next(1) rc.afterNext "
                + "src.afterNext src.dispose rc.dispose S.disposed")
    }
}
