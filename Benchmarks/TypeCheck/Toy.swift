// The type checker's problem reduced, with no Rx in it (Benchmarks/typecheck.sh reports how long
// it takes; ARCHITECTURE.md, "Type-checking cost", says what it shows). A chain whose operators take
// `@isolated(any)` closures, after a flatMap-like operator whose result type is generic over the
// sequence its closure returns, and a source built from an array literal: Swift 6.3 gives up
// ("unable to type-check this expression in reasonable time") where, without the attribute, it
// takes about 50 ms. When this file type-checks fast, the compiler has fixed it. The mechanism:
// each closure passed to an `@isolated(any)` parameter is a function conversion, and a solution
// with one no longer lets the solver skip the generic overloads of `%`, `+`, `*`, … (ARCHITECTURE.md).
import Dispatch

protocol Sequenceish { associatedtype Element }
protocol SequenceConvertible { associatedtype Element }
final class Stream<Element>: Sequenceish, SequenceConvertible {}
struct Clock { static let main = Clock() }

extension Sequenceish {
    static func just(_ element: Element) -> Stream<Element> { Stream() }
    static func from(_ elements: [Element]) -> Stream<Element> { Stream() }
    static func from<S: Sequence>(_ elements: S) -> Stream<Element> where S.Element == Element { Stream() }
    static func from(optional: Element?) -> Stream<Element> { Stream() }
    func map<R>(_ transform: @escaping @isolated(any) (Element) throws -> R) -> Stream<R> { Stream() }
    func filter(_ predicate: @escaping @isolated(any) (Element) throws -> Bool) -> Stream<Element> { Stream() }
    func scan<A>(_ seed: A, _ next: @escaping @isolated(any) (A, Element) throws -> A) -> Stream<A> { Stream() }
    func concatMap<S: SequenceConvertible>(
        _ selector: @escaping @isolated(any) (Element) throws -> S
    ) -> Stream<S.Element> { Stream() }
    func delay(_ time: DispatchTimeInterval, clock: Clock) -> Stream<Element> { Stream() }
}

func toy() -> Stream<Int> {
    Stream.from([1, 2, 3, 4, 5])
        .concatMap { n in Stream.just(n * n).delay(.milliseconds(n), clock: .main) }
        .filter { $0 % 2 == 1 }
        .map { $0 + 1 }
        .scan(1) { $0 * max(1, $1 % 7) }
}
