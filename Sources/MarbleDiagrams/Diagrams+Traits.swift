import Foundation
import RxSwift
import RxTest

extension Diagrams {
    /// Single's, Maybe's and Completable's operators, on one-element (or failing) inputs: each
    /// diagram shows on the Single and the Maybe form of its operator.
    static let traits: [Diagram] = [
        Diagram(
            "trait-just", #"Single.just("7")"#,
            symbols: ["PrimitiveSequenceType/just(_:)-49zbd", "PrimitiveSequenceType/just(_:)-6yyjo"]
        ) { _, _ in Single.just("7").asObservable() },
        Diagram("trait-error", "Single.error(e)", symbols: ["PrimitiveSequenceType/error(_:)"]) { _, _ in
            Single<String>.error(DiagramError()).asObservable()
        },
        Diagram("trait-never", "Single.never()", symbols: ["PrimitiveSequenceType/never()"], disposed: 300) { _, _ in
            Single<String>.never().asObservable()
        },
        Diagram(
            "trait-timer", "Single.timer(.seconds(30), scheduler: s)",
            symbols: ["PrimitiveSequenceType/timer(_:scheduler:)"]
        ) { s, _ in Single<Int>.timer(.seconds(30), scheduler: s).asObservable().text },
        Diagram(
            "trait-map", "single.map { $0 * 10 }",
            symbols: [
                "PrimitiveSequenceType/map(_:)->Maybe<Result>",
                "PrimitiveSequenceType/map(_:)->Single<Result>",
            ], inputs: ["--(3|)"]
        ) { _, xs in xs[0].asSingle().map { Int($0)! * 10 }.asObservable().text },
        Diagram(
            "trait-flatMap", #"single.flatMap { x in cold("--x|").asSingle() }"#,
            symbols: [
                "PrimitiveSequenceType/flatMap(_:)->Maybe<Result>",
                "PrimitiveSequenceType/flatMap(_:)->Single<Result>",
            ],
            inputs: ["--(3|)"]
        ) { s, xs in xs[0].asSingle().flatMap { cold(s, "--x|", $0).asSingle() }.asObservable() },
        Diagram(
            "trait-filter", "single.filter { $0 > 5 } (a Maybe)",
            symbols: [
                "PrimitiveSequenceType/filter(_:)-5tmj6", "PrimitiveSequenceType/filter(_:)-74pfn",
            ],
            inputs: ["--(3|)"]
        ) { _, xs in xs[0].asSingle().filter { Int($0)! > 5 }.asObservable() },
        Diagram(
            "trait-compactMap", "single.compactMap { Int($0) } (a Maybe)",
            symbols: [
                "PrimitiveSequenceType/compactMap(_:)-9epvq",
                "PrimitiveSequenceType/compactMap(_:)-9hv3l",
            ],
            inputs: ["--(7|)"]
        ) { _, xs in xs[0].asSingle().compactMap { Int($0) }.asObservable().text },
        Diagram(
            "trait-zip", "Single.zip(a, b) { $0 + $1 }", symbols: traitZipPages, inputs: ["--(1|)", "----(a|)"]
        ) { _, xs in Single.zip(xs[0].asSingle(), xs[1].asSingle()) { $0 + $1 }.asObservable() },
        Diagram(
            "trait-catch", #"single.catch { _ in .just("0") }"#, symbols: ["PrimitiveSequenceType/catch(_:)"],
            inputs: ["---#"]
        ) { _, xs in xs[0].asSingle().catch { _ in .just("0") }.asObservable() },
        Diagram(
            "trait-catchAndReturn", #"single.catchAndReturn("0")"#,
            symbols: [
                "PrimitiveSequenceType/catchAndReturn(_:)-38lew", "PrimitiveSequenceType/catchAndReturn(_:)-40rk7",
            ],
            inputs: ["---#"]
        ) { _, xs in xs[0].asSingle().catchAndReturn("0").asObservable() },
        Diagram(
            "trait-retry", "single.retry(2)",
            symbols: ["PrimitiveSequenceType/retry(_:)", "PrimitiveSequenceType/retry()"],
            inputs: ["--#"], cold: true
        ) { _, xs in xs[0].asSingle().retry(2).asObservable() },
        Diagram(
            "trait-timeout", "single.timeout(.seconds(30), scheduler: s)",
            symbols: ["PrimitiveSequenceType/timeout(_:scheduler:)"], inputs: ["------(1|)"]
        ) { s, xs in xs[0].asSingle().timeout(.seconds(30), scheduler: s).asObservable() },
        Diagram(
            "trait-delay", "single.delay(.seconds(20), scheduler: s)",
            symbols: ["PrimitiveSequenceType/delay(_:scheduler:)"],
            inputs: ["--(1|)"]
        ) { s, xs in xs[0].asSingle().delay(.seconds(20), scheduler: s).asObservable() },
        Diagram(
            "trait-andThen", "completable.andThen(single)",
            symbols: [
                "PrimitiveSequenceType/andThen(_:)-2ahh4", "PrimitiveSequenceType/andThen(_:)-2z9a",
                "PrimitiveSequenceType/andThen(_:)-4uykw", "PrimitiveSequenceType/andThen(_:)-9nzti",
            ],
            inputs: ["---|", "--(a|)"], cold: true
        ) { _, xs in
            xs[0].ignoreElements().asCompletable().andThen(xs[1].asSingle()).asObservable()
        },
    ]

    /// Every Single and Maybe form of `zip`.
    static let traitZipPages: [String] = [
        "zip(_:)-30oj2", "zip(_:)-36sdr", "zip(_:)-68s4t", "zip(_:)-t05f", "zip(_:_:)-8n7ld", "zip(_:_:)-8xpou",
        "zip(_:_:_:)-36s5s", "zip(_:_:_:)-busi", "zip(_:_:_:_:)-2e9e8", "zip(_:_:_:_:)-6rb26",
        "zip(_:_:_:_:_:)-19i1e", "zip(_:_:_:_:_:)-4cg2r", "zip(_:_:_:_:_:_:)-2xg8j", "zip(_:_:_:_:_:_:)-7cs5e",
        "zip(_:_:_:_:_:_:_:)-6ca28", "zip(_:_:_:_:_:_:_:)-8jept", "zip(_:_:_:_:_:_:_:_:)-8qegy",
        "zip(_:_:_:_:_:_:_:_:)-90bns", "zip(_:_:_:_:_:_:_:_:resultSelector:)-236mu",
        "zip(_:_:_:_:_:_:_:_:resultSelector:)-4i11p", "zip(_:_:_:_:_:_:_:resultSelector:)-4nclj",
        "zip(_:_:_:_:_:_:_:resultSelector:)-5i3ka", "zip(_:_:_:_:_:_:resultSelector:)-38x0g",
        "zip(_:_:_:_:_:_:resultSelector:)-95qhm", "zip(_:_:_:_:_:resultSelector:)-48r95",
        "zip(_:_:_:_:_:resultSelector:)-6ysye", "zip(_:_:_:_:resultSelector:)-3tb7a",
        "zip(_:_:_:_:resultSelector:)-8fh1e", "zip(_:_:_:resultSelector:)-22c43",
        "zip(_:_:_:resultSelector:)-3aypb",
        "zip(_:_:resultSelector:)-1g1z2", "zip(_:_:resultSelector:)-6orxl",
        "zip(_:resultSelector:)->Maybe<Result>",
        "zip(_:resultSelector:)->Single<Result>",
    ].map { "PrimitiveSequenceType/" + $0 }
}
