import Dispatch
import RxSwift
import RxTest
import Testing

/// RxTest in Swift Testing: marbles with `expectEvents`, from any thread and in async tests.
@Suite(.timeLimit(.minutes(1))) struct MarbleSwiftTestingTests {
    @Test func mapOnMarbles() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 * 10 } }
        expectEvents(res.events, marbles: "--x--y--|", values: ["x": 10, "y": 20])
        expectSubscriptions(xs.subscriptions, marbles: "^-------!")
    }

    /// Swift Testing runs tests off the main thread and in parallel; RxTest does not mind.
    @Test(arguments: 0..<4) func schedulersOnParallelThreads(offset: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable("-a-b|", values: ["a": offset, "b": offset + 1])
        let res = scheduler.start { xs.filter { $0 > offset } }
        expectEvents(res.events, marbles: "---b|", values: ["b": offset + 1])
    }

    @Test func insideAnAsyncTest() async {
        await Task.yield()
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(30), scheduler: scheduler) }
        expectEvents(res.events, marbles: "---(0|)", values: ["0": 0])
    }

    @Test func failuresAreRecordedWithTheDrawnTimelines() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(1) }
        let issues = CapturedIssues.during {
            #expect(!expectEvents(res.events, marbles: "-a|", values: ["a": 1]))
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("first difference at 200") == true)
    }

    /// A typo in a test observable's diagram fails that test only: the failure is recorded (with
    /// the caret) and the sequence has no events, where it stopped the whole test process.
    @Test func aMalformedTestObservableDiagramFailsItsTestAndHasNoEvents() {
        var cold: [Recorded<Event<Int>>] = [.next(0, 0)]
        var hot: [Recorded<Event<Int>>] = [.next(0, 0)]
        let issues = CapturedIssues.during {
            let scheduler = TestScheduler(initialClock: 0)
            cold = scheduler.createColdObservable("-(a", values: ["a": 1]).recordedEvents
            hot = scheduler.createHotObservable("-a)", values: ["a": 1]).recordedEvents
        }
        #expect(cold.isEmpty)
        #expect(hot.isEmpty)
        #expect(
            issues == [
                "Malformed marbles: '(' without ')' (character 2)\n  -(a\n   ^",
                "Malformed marbles: ')' without '(' (character 3)\n  -a)\n    ^",
            ])
    }

    @Test func malformedMarblesAreRecordedWithACaret() {
        let issues = CapturedIssues.during {
            #expect(!expectEvents([Recorded<Event<Int>>](), marbles: "-(a"))
        }
        #expect(issues == ["Malformed marbles: '(' without ')' (character 2)\n  -(a\n   ^"])
    }
}
