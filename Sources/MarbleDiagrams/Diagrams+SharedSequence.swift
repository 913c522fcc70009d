import RxCocoa
import RxSwift

extension Diagrams {
    /// How a Driver and a Signal deliver: the same hot input with an error, a first subscriber
    /// and a second one that joins at 250 (shown on the conversions' pages and in the article
    /// "Driver and Signal").
    static let delivery: [Diagram] = [
        Diagram(
            "asDriver", #"asDriver(onErrorJustReturn: "0")"#, symbols: [], inputs: ["-1-2--3-4#"], second: 250
        ) { s, xs in
            var driver: Driver<String>!
            SharingScheduler.mock(scheduler: s) { driver = xs[0].asDriver(onErrorJustReturn: "0") }
            return driver.asObservable()
        },
        Diagram(
            "asSignal", #"asSignal(onErrorJustReturn: "0")"#, symbols: [], inputs: ["-1-2--3-4#"], second: 250
        ) { s, xs in
            var signal: Signal<String>!
            SharingScheduler.mock(scheduler: s) { signal = xs[0].asSignal(onErrorJustReturn: "0") }
            return signal.asObservable()
        },
    ]

    /// RxCocoa's pages that show the delivery diagrams.
    static let deliveryPages: [String: [String]] = [
        "asDriver": ["RxSwift/ObservableConvertibleType/asDriver(onErrorJustReturn:)"],
        "asSignal": ["RxSwift/ObservableConvertibleType/asSignal(onErrorJustReturn:)"],
    ]

    /// The Driver and Signal operators that apply the Observable operator of a diagram, by
    /// diagram: their pages, in RxCocoa's documentation, show the same picture.
    static let sharedSequencePages: [String: [String]] = [
        "combineLatest": [
            "SharedSequenceConvertibleType/combineLatest(_:)", "SharedSequenceConvertibleType/combineLatest(_:_:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:_:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:_:_:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:_:_:_:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:_:_:_:_:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/combineLatest(_:_:resultSelector:)",
            "SharedSequenceConvertibleType/combineLatest(_:resultSelector:)",
        ],
        "compactMap": ["SharedSequenceConvertibleType/compactMap(_:)"],
        "concat": ["SharedSequenceConvertibleType/concat(_:)"],
        "concatMap": ["SharedSequenceConvertibleType/concatMap(_:)->SharedSequence<Sharing,Result>"],
        "debounce": [
            "SharedSequenceConvertibleType/debounce(_:)", "SharedSequenceConvertibleType/debounce(_:scheduler:)",
        ],
        "delay": ["SharedSequenceConvertibleType/delay(_:)"],
        "distinctUntilChanged": [
            "SharedSequenceConvertibleType/distinctUntilChanged()",
            "SharedSequenceConvertibleType/distinctUntilChanged(_:)-9v3xd",
            "SharedSequenceConvertibleType/distinctUntilChanged(_:)-ea15",
            "SharedSequenceConvertibleType/distinctUntilChanged(_:comparer:)",
            "SharedSequenceConvertibleType/distinctUntilChanged(at:)",
        ],
        "empty": ["SharedSequenceConvertibleType/empty()"],
        "enumerated": ["SharedSequenceConvertibleType/enumerated()"],
        "filter": ["SharedSequenceConvertibleType/filter(_:)"],
        "flatMap": ["SharedSequenceConvertibleType/flatMap(_:)->SharedSequence<Sharing,Result>"],
        "flatMapFirst": ["SharedSequenceConvertibleType/flatMapFirst(_:)->SharedSequence<Sharing,Result>"],
        "flatMapLatest": ["SharedSequenceConvertibleType/flatMapLatest(_:)->SharedSequence<Sharing,Result>"],
        "from": ["SharedSequenceConvertibleType/from(_:)-7pfpi", "SharedSequenceConvertibleType/from(_:)-8hz71"],
        "from-optional": ["SharedSequenceConvertibleType/from(optional:)"],
        "interval": ["SharedSequenceConvertibleType/interval(_:)"],
        "just": ["SharedSequenceConvertibleType/just(_:)"],
        "map": ["SharedSequenceConvertibleType/map(_:)"],
        "merge": [
            "SharedSequenceConvertibleType/merge()", "SharedSequenceConvertibleType/merge(_:)-7ay97",
            "SharedSequenceConvertibleType/merge(_:)-7hxiz", "SharedSequenceConvertibleType/merge(maxConcurrent:)",
        ],
        "never": ["SharedSequenceConvertibleType/never()"],
        "of": ["SharedSequenceConvertibleType/of(_:)"],
        "scan": [
            "SharedSequenceConvertibleType/scan(_:accumulator:)",
            "SharedSequenceConvertibleType/scan(into:accumulator:)",
        ],
        "skip": ["SharedSequenceConvertibleType/skip(_:)"],
        "startWith": ["SharedSequenceConvertibleType/startWith(_:)"],
        "switchLatest": ["SharedSequenceConvertibleType/switchLatest()"],
        "throttle": [
            "SharedSequenceConvertibleType/throttle(_:latest:)",
            "SharedSequenceConvertibleType/throttle(_:latest:scheduler:)",
        ],
        "timer": ["SharedSequenceConvertibleType/timer(_:period:)"],
        "withLatestFrom": [
            "SharedSequenceConvertibleType/withLatestFrom(_:)",
            "SharedSequenceConvertibleType/withLatestFrom(_:resultSelector:)",
        ],
        "withUnretained": [
            "SharedSequenceConvertibleType/withUnretained(_:)",
            "SharedSequenceConvertibleType/withUnretained(_:resultSelector:)",
        ],
        "zip": [
            "SharedSequenceConvertibleType/zip(_:)", "SharedSequenceConvertibleType/zip(_:_:)",
            "SharedSequenceConvertibleType/zip(_:_:_:)", "SharedSequenceConvertibleType/zip(_:_:_:_:)",
            "SharedSequenceConvertibleType/zip(_:_:_:_:_:)", "SharedSequenceConvertibleType/zip(_:_:_:_:_:_:)",
            "SharedSequenceConvertibleType/zip(_:_:_:_:_:_:_:)", "SharedSequenceConvertibleType/zip(_:_:_:_:_:_:_:_:)",
            "SharedSequenceConvertibleType/zip(_:_:_:_:_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/zip(_:_:_:_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/zip(_:_:_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/zip(_:_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/zip(_:_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/zip(_:_:_:resultSelector:)",
            "SharedSequenceConvertibleType/zip(_:_:resultSelector:)",
            "SharedSequenceConvertibleType/zip(_:resultSelector:)",
        ],
    ]
}
