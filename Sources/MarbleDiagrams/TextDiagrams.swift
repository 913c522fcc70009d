import Foundation
import RxSwift
import RxTest

/// How each text diagram of the doc comments comes about (see `TextDiagram.swift`): the file, a
/// line that tells the diagram from the file's others, and the operator applied to the inputs.
/// A tick is one second of `d.scheduler`.
enum TextDiagrams {
    static let all: [TextDiagram] = articles + creating + transforming + filtering + combining + timed + handling

    static let articles: [TextDiagram] = [
        TextDiagram("RxSwift.md", "map { $0 * 10 }") { d in
            d.expect("map { $0 * 10 }", d.ints("source").map { $0 * 10 })
        },
        TextDiagram("ObservablesObserversAndDisposal.md", "two elements, then an error") { d in
            for label in ["three elements, then completion", "two elements, then an error", "no end (yet)"] {
                d.expect(label, d.hot(label))
            }
        },
    ]

    static let creating: [TextDiagram] = [
        TextDiagram("Create.swift", "create { o in o.onNext(1); o.onCompleted() }") { d in
            d.expect(
                "create { o in o.onNext(1); o.onCompleted() }",
                Observable<Int>.create { o in
                    o.onNext(1)
                    o.onCompleted()
                    return Disposables.create()
                })
        },
        TextDiagram("Just.swift", "just(1)") { d in d.expect("just(1)", Observable.just(1)) },
        TextDiagram("Empty.swift", "empty()") { d in d.expect("empty()", Observable<Int>.empty()) },
        TextDiagram("Never.swift", "never()") { d in d.expect("never()", Observable<Int>.never()) },
        TextDiagram("Error.swift", "error(e)") { d in d.expect("error(e)", Observable<Int>.error(TextDiagramError())) },
        TextDiagram("From.swift", "of(1, 2, 3)") { d in d.expect("of(1, 2, 3)", Observable.of(1, 2, 3)) },
        TextDiagram("Range.swift", "range(start: 1, count: 3)") { d in
            d.expect("range(start: 1, count: 3)", Observable.range(start: 1, count: 3))
        },
        TextDiagram("Generate.swift", "generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 })") { d in
            d.expect(
                "generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 })",
                Observable.generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 }))
        },
        TextDiagram("Timer.swift", "timer(.seconds(2))") { d in
            d.expect("timer(.seconds(2))", Observable<Int>.timer(.seconds(2), scheduler: d.scheduler))
            d.expect(
                "timer(.seconds(2), period: .seconds(2))",
                Observable<Int>.timer(.seconds(2), period: .seconds(2), scheduler: d.scheduler))
        },
        TextDiagram("Timer.swift", "interval(.seconds(2))") { d in
            d.expect("interval(.seconds(2))", Observable<Int>.interval(.seconds(2), scheduler: d.scheduler))
        },
    ]

    static let transforming: [TextDiagram] = [
        TextDiagram("Map.swift", "map { $0 * 10 }") { d in d.expect("map { $0 * 10 }", d.ints("source").map { $0 * 10 })
        },
        TextDiagram("CompactMap.swift", "compactMap { Int($0) }") { d in
            d.expect("compactMap { Int($0) }", d.hot("source").compactMap { Int($0.filter { $0 != "\"" }) })
        },
        TextDiagram("Scan.swift", "scan(0, accumulator: +)") { d in
            d.expect("scan(0, accumulator: +)", d.ints("source").scan(0, accumulator: +))
        },
        TextDiagram("Reduce.swift", "reduce(0, accumulator: +)") { d in
            d.expect("reduce(0, accumulator: +)", d.ints("source").reduce(0, accumulator: +))
        },
        TextDiagram("Enumerated.swift", "enumerated()") { d in
            d.expect("enumerated()", d.hot("source").enumerated()) { "\($0.index),\($0.element)" }
        },
        TextDiagram("Materialize.swift", "materialize()") { d in
            d.expect("materialize()", d.ints("source").materialize()) { event in
                switch event {
                case .next(let element): "next(\(element))"
                case .error: "error(#)"
                case .completed: "completed"
                }
            }
        },
        TextDiagram("Dematerialize.swift", "dematerialize()") { d in
            let events = d.hot("source").map { text -> Event<Int> in
                text == "completed" ? .completed : .next(Int(text.dropFirst(5).dropLast()) ?? 0)
            }
            d.expect("dematerialize()", events.dematerialize())
        },
        TextDiagram("Decode.swift", "decode(type: User.self, decoder: j)") { d in
            struct User: Decodable { let id: Int }
            d.expect(
                "decode(type: User.self, decoder: j)",
                d.hot("source").map { Data($0.utf8) }.decode(type: User.self, decoder: JSONDecoder())
            ) { "User(id: \($0.id))" }
        },
        TextDiagram("FlatMap.swift", "flatMap { [$0, $0 * 10] }") { d in
            d.expect("flatMap { [$0, $0 * 10] }", d.ints("source").flatMap { Observable.from([$0, $0 * 10]) })
        },
        TextDiagram("FlatMapFirst.swift", "flatMapFirst") { d in
            let inner = d.hot("inner(1)")
            d.expect("flatMapFirst", d.hot("source").flatMapFirst { _ in inner })
        },
        TextDiagram("FlatMapLatest.swift", "flatMapLatest") { d in
            let inners = ["1": d.hot("inner(1)"), "2": d.hot("inner(2)")]
            d.expect("flatMapLatest", d.hot("source").flatMapLatest { inners[$0] ?? .empty() })
        },
        TextDiagram("ConcatMap.swift", "concatMap") { d in
            d.expect("concatMap", d.hot("source").concatMap { x in Observable.of("\(x)a", "\(x)b") })
        },
        TextDiagram("GroupBy.swift", "groupBy { $0 % 2 }") { d in
            d.expectSequences(
                "groupBy { $0 % 2 }", d.ints("source").groupBy { $0 % 2 }.map { $0.map(String.init).asObservable() })
        },
        TextDiagram("Window.swift", "window(timeSpan: 10, count: 2)") { d in
            d.expectSequences(
                "window(timeSpan: 10, count: 2)",
                d.hot("source").window(timeSpan: .seconds(10), count: 2, scheduler: d.scheduler))
        },
        TextDiagram("Buffer.swift", "buffer(timeSpan: 6, count: 2)") { d in
            d.expect(
                "buffer(timeSpan: 6, count: 2)",
                d.hot("source").buffer(timeSpan: .seconds(6), count: 2, scheduler: d.scheduler)
            ) {
                "[" + $0.joined(separator: ",") + "]"
            }
        },
    ]

    static let filtering: [TextDiagram] = [
        TextDiagram("Filter.swift", "filter { $0 > 2 }") { d in
            d.expect("filter { $0 > 2 }", d.ints("source").filter { $0 > 2 })
        },
        TextDiagram("DistinctUntilChanged.swift", "distinctUntilChanged()") { d in
            d.expect("distinctUntilChanged()", d.hot("source").distinctUntilChanged())
        },
        TextDiagram("ElementAt.swift", "element(at: 1)") { d in
            d.expect("element(at: 1)", d.hot("source").element(at: 1))
        },
        TextDiagram("SingleElement.swift", "a.single()") { d in
            d.expect("a.single()", d.hot("a").single())
            d.expect("b.single()", d.hot("b").single())
        },
        TextDiagram("Skip.swift", "skip(2)") { d in d.expect("skip(2)", d.hot("source").skip(2)) },
        TextDiagram("Skip.swift", "skip(for: 3 ticks)") { d in
            d.expect("skip(for: 3 ticks)", d.hot("source").skip(for: .seconds(3), scheduler: d.scheduler))
        },
        TextDiagram("SkipWhile.swift", "skip(while: { $0 < 3 })") { d in
            d.expect("skip(while: { $0 < 3 })", d.ints("source").skip(while: { $0 < 3 }))
        },
        TextDiagram("SkipUntil.swift", "skip(until: o)") { d in
            d.expect("skip(until: o)", d.hot("source").skip(until: d.hot("other")))
        },
        TextDiagram("Take.swift", "take(2)") { d in d.expect("take(2)", d.hot("source").take(2)) },
        TextDiagram("Take.swift", "take(for: 3 ticks)") { d in
            d.expect("take(for: 3 ticks)", d.hot("source").take(for: .seconds(3), scheduler: d.scheduler))
        },
        TextDiagram("TakeWhile.swift", "take(while: { $0 < 3 })") { d in
            d.expect("take(while: { $0 < 3 })", d.ints("source").take(while: { $0 < 3 }))
        },
        TextDiagram("TakeUntil.swift", "take(until: o)") { d in
            d.expect("take(until: o)", d.hot("source").take(until: d.hot("other")))
        },
        TextDiagram("TakeLast.swift", "takeLast(2)") { d in d.expect("takeLast(2)", d.hot("source").takeLast(2)) },
        TextDiagram("IfEmpty.swift", "ifEmpty(default: 9)") { d in
            d.expect("ifEmpty(default: 9)", d.ints("source").ifEmpty(default: 9))
        },
    ]

    static let combining: [TextDiagram] = [
        TextDiagram("Amb.swift", "amb") { d in d.expect("amb", d.hot("a").amb(d.hot("b"))) },
        TextDiagram("CombineLatest.swift", "combineLatest") { d in
            d.expect("combineLatest", Observable.combineLatest(d.hot("a"), d.hot("b")) { $0 + $1 })
        },
        TextDiagram("Zip.swift", "zip") { d in d.expect("zip", Observable.zip(d.hot("a"), d.hot("b")) { $0 + $1 }) },
        TextDiagram("WithLatestFrom.swift", "result") { d in
            d.expect("result", d.hot("self").withLatestFrom(d.hot("second")) { $0 + $1 })
        },
        TextDiagram("Sample.swift", "sample") { d in d.expect("sample", d.hot("source").sample(d.hot("sampler"))) },
        TextDiagram("Merge.swift", "merge()") { d in
            let inners = ["a": d.hot("a"), "b": d.hot("b")]
            d.expect("merge()", d.hot("outer").map { inners[$0] ?? .empty() }.merge())
        },
        TextDiagram("WithUnretained.swift", "withUnretained(o)") { d in
            final class Object: Sendable {}
            var object: Object? = Object()
            let unretained = d.ints("source").withUnretained(object!)
            d.scheduler.scheduleAt(9 * TextDiagramRun.unitsPerTick) { object = nil }
            d.expect("withUnretained(o)", unretained) { "o,\($1)" }
        },
        TextDiagram("Concat.swift", "concat") { d in d.expect("concat", d.hot("self").concat(d.hot("second"))) },
        TextDiagram("Completable+Operators.swift", "concat") { d in
            let first = d.hot("self").ignoreElements().asCompletable()
            d.expect("concat", first.andThen(d.hot("second").ignoreElements().asCompletable()).asObservable())
        },
        TextDiagram("StartWith.swift", "startWith(0)") { d in d.expect("startWith(0)", d.ints("source").startWith(0)) },
        TextDiagram("Share.swift", "share(replay: 1)") { d in
            let shared = d.hot("source").share(replay: 1)
            d.expect("share(replay: 1)", shared)
            d.expect("subscribed at 4", shared, at: 4)
        },
    ]

    static let timed: [TextDiagram] = [
        TextDiagram("Debounce.swift", "debounce(3 ticks)") { d in
            d.expect("debounce(3 ticks)", d.hot("source").debounce(.seconds(3), scheduler: d.scheduler))
        },
        TextDiagram("Throttle.swift", "throttle(3 ticks)") { d in
            d.expect("throttle(3 ticks)", d.hot("source").throttle(.seconds(3), scheduler: d.scheduler))
            d.expect(
                "throttle(3 ticks, latest: false)",
                d.hot("source").throttle(.seconds(3), latest: false, scheduler: d.scheduler))
        },
        TextDiagram("Delay.swift", "delay(2 ticks)") { d in
            d.expect("delay(2 ticks)", d.hot("source").delay(.seconds(2), scheduler: d.scheduler))
        },
        TextDiagram("DelaySubscription.swift", "delaySubscription(3 ticks)") { d in
            d.expect(
                "delaySubscription(3 ticks)",
                d.cold("source (cold)").delaySubscription(.seconds(3), scheduler: d.scheduler))
        },
        TextDiagram("Timeout.swift", "timeout(3 ticks)") { d in
            d.expect("timeout(3 ticks)", d.hot("source").timeout(.seconds(3), scheduler: d.scheduler))
        },
        TextDiagram("ObserveOn.swift", "observe(on: s), on s") { d in
            d.expect("observe(on: s), on s", d.hot("source, on thread A").observe(on: d.scheduler))
        },
    ]

    static let handling: [TextDiagram] = [
        TextDiagram("Catch.swift", "catch { _ in .just(9) }") { d in
            d.expect("catch { _ in .just(9) }", d.hot("source").catch { _ in .just("9") })
        },
        TextDiagram("Catch.swift", "catch") { d in
            d.expect("catch", Observable.catch(sequence: [d.hot("first"), d.hot("second"), d.hot("third")]))
        },
        TextDiagram("Retry.swift", "retry()") { d in
            d.expect("retry()", d.resubscriptions(["source (1st)", "source (2nd)"]).retry())
        },
        TextDiagram("RetryWhen.swift", "retry(when: { $0.delay(3 ticks) })") { d in
            let source = d.resubscriptions(["source (1st)", "source (2nd)"])
            d.expect(
                "retry(when: { $0.delay(3 ticks) })",
                source.retry { errors in errors.delay(.seconds(3), scheduler: d.scheduler) })
        },
    ]
}
