import TestSupport
import XCTest

@testable import RxSwift

/// Where the thread's stack runs low, an operator released hands its upstream, and a stage
/// disposed its disposal, to a loop on the thread (`Teardown`), so that a chain of 100,000
/// operators (`Tests/DeepChains`) is released and disposed without nesting 100,000 calls. Here the
/// stack is made to look low everywhere (`runWithTheStackLowForTesting`): everything must still
/// be released and disposed, once each, before the call that started it returns.
final class TeardownTests: RxTestCase {
    private final class Log: @unchecked Sendable {
        // @unchecked Sendable: used on the test's thread only.
        var entries: [String] = []
    }

    /// The stack's spread over the calls that recorded themselves: about one frame's worth when
    /// they ran one after another from a loop, hundreds of kilobytes when each ran inside the one
    /// before.
    private final class Depths: @unchecked Sendable {
        // @unchecked Sendable: used on the test's thread only.
        var lowest = Int.max
        var highest = Int.min
        var spread: Int { highest - lowest }

        func record() {
            let address = stackAddress()
            lowest = min(lowest, address)
            highest = max(highest, address)
        }
    }

    /// Records the stack's depth where it is released.
    private final class Marker {
        let depths: Depths
        init(_ depths: Depths) { self.depths = depths }
        deinit { depths.record() }
    }

    /// An observer that keeps a marker for as long as the observer itself is kept (a closure
    /// observer lets its closures go when the sequence ends).
    private struct MarkerObserver: ObserverType {
        let marker: Marker
        func on(_ event: Event<Int>) {}
    }

    /// A scheduler that keeps its actions until the test runs them: the last reference to what
    /// an action captured goes when the test lets go of it.
    private final class HeldActions: ImmediateSchedulerType, @unchecked Sendable {
        // @unchecked Sendable: used on the test's thread only.
        var actions: [() -> Void] = []

        func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
            actions.append { _ = action(state) }
            return Disposables.create()
        }
    }

    /// A chain of `depth` nested `catch` over a source that never ends, each level's disposal
    /// logged.
    private func nestedCatches(_ depth: Int, _ log: Log, _ depths: Depths) -> Observable<Int> {
        var chain = Observable<Int>.never().do(onDispose: { log.entries.append("source disposed") })
        for level in 0..<depth {
            chain = chain.catch { _ in .empty() }.do(onDispose: {
                depths.record()
                log.entries.append("level \(level) disposed")
            })
        }
        return chain
    }

    func testADisposalWhereTheStackIsLowDisposesEveryStageOnceBeforeItReturns() {
        let log = Log()
        let depths = Depths()
        let subscription = nestedCatches(1_000, log, depths).subscribe()
        Teardown.runWithTheStackLowForTesting {
            subscription.dispose()
            log.entries.append("dispose returned")
        }
        XCTAssertEqual(log.entries.last, "dispose returned", "a stage was disposed after dispose() returned")
        XCTAssertEqual(log.entries.count, 1_002)
        XCTAssertEqual(Set(log.entries).count, 1_002, "a stage was disposed twice")
        XCTAssertLessThan(depths.spread, 64 * 1024, "the stages were disposed one inside another")
        subscription.dispose()
        XCTAssertEqual(log.entries.count, 1_002)
    }

    func testAReleaseWhereTheStackIsLowReleasesTheWholeChainBeforeItReturns() {
        weak var source: Observable<Int>?
        let depths = Depths()
        Teardown.runWithTheStackLowForTesting {
            var chain: Observable<Int>? = {
                let root = Observable<Int>.error(TestError.test)
                source = root
                var chain = root
                for _ in 0..<1_000 {
                    let marker = Marker(depths)
                    chain = chain.catch { _ in withExtendedLifetime(marker) { .just(1) } }
                }
                return chain
            }()
            XCTAssertNotNil(source)
            XCTAssertNotNil(chain)
            chain = nil
            XCTAssertNil(source, "the chain's source outlived the release of the chain")
        }
        XCTAssertLessThan(depths.spread, 64 * 1024, "the operators were released one inside another")
    }

    /// A chain whose last reference is its innermost stage (a recursive paging chain whose last
    /// page finished on a scheduler's thread) is freed from the inner end: each stage's release
    /// of its downstream frees the next. Where the stack is low those releases run one after
    /// another from the loop, before the release that started them returns.
    func testAChainFreedFromItsInnerEndWhereTheStackIsLowIsFreedInALoop() {
        let depths = Depths()
        let held = HeldActions()
        weak var outermost: Marker?
        Teardown.runWithTheStackLowForTesting {
            var chain = Observable.just(1).subscribe(on: held)
            for _ in 0..<1_000 { chain = chain.catch { _ in .empty() } }
            do {
                let marker = Marker(depths)
                outermost = marker
                _ = chain.subscribe(MarkerObserver(marker: marker))
            }
            chain = .empty()
            var action: (() -> Void)? = held.actions.removeFirst()
            action?()
            XCTAssertNotNil(outermost, "the chain was freed before the action that ran it")
            depths.record()
            action = nil
        }
        XCTAssertNil(outermost, "the chain outlived the action that ran it")
        XCTAssertLessThan(depths.spread, 64 * 1024, "the stages were freed one inside another")
    }

    func testAChainReleasedAndDisposedWhereTheStackIsLowStillDeliversFirst() throws {
        let log = Log()
        Teardown.runWithTheStackLowForTesting {
            var chain = Single.just(0)
            for _ in 0..<1_000 { chain = chain.flatMap { .just($0 + 1) } }
            _ = chain.subscribe(onSuccess: { log.entries.append("success \($0)") })
        }
        XCTAssertEqual(log.entries, ["success 1000"])
    }
}
