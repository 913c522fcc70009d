// RxSwift-era code as apps write it: plain (nonisolated) classes holding a DisposeBag and
// capturing `self` or local state in `drive`, `emit`, `subscribe` and `bind` closures. This module
// is compiled in the Swift 6 language mode with warnings as errors (see Package.swift); the
// tests in Swift6NonisolatedTests run it on the main thread, and the `DispatchMainCheck` program
// runs it on the main queue under `dispatchMain()`.

import Foundation
import Observation
import RxCocoa
import RxRelay
import RxSwift

/// A search view model, not `@MainActor`.
public final class SearchViewModel {
    public let query = BehaviorRelay<String>(value: "")
    public let results: Driver<[String]>
    public let status = BehaviorRelay<String>(value: "")
    public private(set) var renders = 0, lastStatus = "", tapped = 0
    private let disposeBag = DisposeBag()

    public init(search: @escaping (String) -> Single<[String]>, taps: Signal<Void>) {
        results = query.asDriver().distinctUntilChanged()
            .flatMapLatest { q in search(q).asDriver(onErrorJustReturn: []) }
        results.drive(onNext: { [weak self] _ in self?.renders += 1 })
            .disposed(by: disposeBag)
        results.map { "\($0.count) results" }.drive(status).disposed(by: disposeBag)
        status.asDriver().drive(onNext: { [unowned self] in self.lastStatus = $0 })
            .disposed(by: disposeBag)
        taps.emit(onNext: { [weak self] in self?.tapped += 1 }).disposed(by: disposeBag)
    }
}

/// A test helper, not `@MainActor`, keeping what it sees in its own state and in locals.
public final class Harness {
    public var disposeBag = DisposeBag()
    public var seen: [[String]] = []
    public var counts: [Int] = []
    public var threads: [Bool] = []

    public init() {}

    public func run(vm: SearchViewModel) {
        var local: [Int] = []
        vm.results.drive(onNext: { self.seen.append($0) }).disposed(by: disposeBag)
        vm.results.map(\.count).drive(onNext: {
            local.append($0); self.counts = local
        }).disposed(by: disposeBag)
        vm.results.drive(onNext: { _ in self.threads.append(MainScheduler.isMainQueueOrThread) }).disposed(
            by: disposeBag)
    }
}

/// A plain screen model using every other consuming form with `self` or local state.
public final class FormModel {
    public private(set) var log: [String] = []
    public var title = ""
    private let bag = DisposeBag()

    public init() {}

    /// `Binder(self)` with this non-Sendable target, in nonisolated code.
    public var titleBinder: Binder<String> {
        Binder(self) { model, text in model.title = text }
    }

    public func bind(names: Observable<String>, taps: Signal<Void>, drivenNames: Driver<String>) {
        var count = 0
        names.subscribe(onNext: {
            count += 1; self.log.append("subscribe \($0) \(count)")
        }).disposed(by: bag)
        names.bind(onNext: { self.log.append("bind \($0)") }).disposed(by: bag)
        names.subscribe(with: self, onNext: { model, name in model.log.append("with \(name)") }).disposed(by: bag)
        names.withUnretained(self).subscribe(onNext: { model, name in model.log.append("unretained \(name)") })
            .disposed(by: bag)
        drivenNames.drive(with: self, onNext: { model, name in model.log.append("drive \(name)") }).disposed(by: bag)
        taps.emit(with: self, onNext: { model, _ in model.log.append("tap") }).disposed(by: bag)
        names.bind(to: titleBinder).disposed(by: bag)
    }
}

extension MainScheduler {
    /// Whether the caller runs on the main thread or the main queue (what Driver checks).
    public static var isMainQueueOrThread: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: probeKey) != nil
    }
}

private let probeKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

/// Runs the scenarios once and says what differs from the expected outcome (empty when all is
/// well). Call it on the main thread or the main queue.
public func runNonisolatedScenarios() -> [String] {
    var problems: [String] = []
    func expect(_ condition: Bool, _ message: String) {
        if !condition { problems.append(message) }
    }
    let taps = PublishRelay<Void>()
    let vm = SearchViewModel(search: { q in .just(q.isEmpty ? [] : [q, q + "!"]) }, taps: taps.asSignal())
    let harness = Harness()
    harness.run(vm: vm)
    vm.query.accept("seo")
    taps.accept(())
    vm.query.accept("seo")
    vm.query.accept("busan")
    expect(harness.seen == [[], ["seo", "seo!"], ["busan", "busan!"]], "harness saw \(harness.seen)")
    expect(harness.counts == [0, 2, 2], "counts \(harness.counts)")
    expect(harness.threads == [true, true, true], "drive closures ran off main: \(harness.threads)")
    expect(vm.renders == 3, "renders \(vm.renders)")
    expect(vm.lastStatus == "2 results", "status \(vm.lastStatus)")
    expect(vm.tapped == 1, "taps \(vm.tapped)")

    let model = FormModel()
    let names = PublishSubject<String>()
    let formTaps = PublishRelay<Void>()
    let driven = BehaviorRelay(value: "a")
    model.bind(names: names, taps: formTaps.asSignal(), drivenNames: driven.asDriver())
    names.onNext("kim")
    formTaps.accept(())
    expect(
        model.log == ["drive a", "subscribe kim 1", "bind kim", "with kim", "unretained kim", "tap"],
        "form log \(model.log)")
    expect(model.title == "kim", "binder title \(model.title)")
    return problems
}

/// A form with an `@Observable` model of no actor, in a plain view model that reads it on the
/// main scheduler, where its owner changes it, and binds a relay back into it.
public final class FormViewModel {
    @Observable
    public final class Model {
        public var name = ""
        public var greeting = ""
    }

    public let model = Model()
    public private(set) var lengths: [Int] = []
    private let disposeBag = DisposeBag()

    public init(names: BehaviorRelay<String>) {
        Observable.observe(scheduler: MainScheduler.instance) { self.model.name.count }
            .subscribe(onNext: { self.lengths.append($0) })
            .disposed(by: disposeBag)
        names.map { "Hello, \($0)" }.bind(to: model, \.greeting).disposed(by: disposeBag)
    }
}
