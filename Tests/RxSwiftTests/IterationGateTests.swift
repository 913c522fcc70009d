import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import RxSwift

final class IterationGateTests: TimeLimitedTestCase {
    /// A request made by the running step runs after it, in the same loop: 100,000 chained
    /// requests use constant stack.
    func testRequestsFromTheRunningStepLoopInsteadOfNesting() {
        let gate = IterationGate()
        var steps = 0
        var nested = 0
        var depth = 0
        func step() {
            depth += 1
            nested = max(nested, depth)
            steps += 1
            if steps < 100_000 { gate.request(step) }
            depth -= 1
        }
        gate.request(step)
        XCTAssertEqual(steps, 100_000)
        XCTAssertEqual(nested, 1)
    }

    /// Requests made during one step count once.
    func testRequestsDuringOneStepCountOnce() {
        let gate = IterationGate()
        var steps = 0
        gate.request {
            steps += 1
            if steps == 1 {
                gate.request { steps += 100 }
                gate.request { steps += 100 }
            }
        }
        XCTAssertEqual(steps, 2, "the running step ran once more, and only once")
    }

    func testRequestsFromOtherThreadsAreNeverLostNorRunConcurrently() {
        let gate = IterationGate()
        let requests = Atomic<Int>(0)
        let handled = Atomic<Int>(0)
        let running = Atomic<Bool>(false)
        let overlapped = Atomic<Bool>(false)
        runConcurrently(4) { _ in
            for _ in 0..<1_000 {
                requests.add(1, ordering: .relaxed)
                gate.request {
                    if running.exchange(true, ordering: .acquiring) { overlapped.store(true, ordering: .relaxed) }
                    handled.store(requests.load(ordering: .relaxed), ordering: .relaxed)
                    running.store(false, ordering: .releasing)
                }
            }
        }
        XCTAssertFalse(overlapped.load(ordering: .relaxed))
        XCTAssertEqual(handled.load(ordering: .relaxed), 4_000, "a step ran after the last request")
    }
}
