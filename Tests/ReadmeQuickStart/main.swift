// swift-format-ignore-file
// (Laid out as README.md shows it; SamplesAreCompiledTests compares the two.)
// The README's Quick start, as a program: ReadmeExamplesTests runs it and reads what it prints.
import Foundation
import RxRelay
import RxSwift

let cities = ["Seoul", "Busan", "Sejong", "Seogwipo"]

func search(_ text: String) -> Single<[String]> {
    .just(cities.filter { $0.hasPrefix(text) })
}

let bag = DisposeBag()
let query = PublishRelay<String>()   // stands in for searchBar.rx.text.orEmpty

query
    .throttle(.milliseconds(300), scheduler: MainScheduler.instance)
    .distinctUntilChanged()
    .flatMapLatest { text in search(text).asObservable().catchAndReturn([]) }
    .subscribe(onNext: { results in print(results) })
    .disposed(by: bag)

query.accept("Seo")
RunLoop.main.run(until: Date().addingTimeInterval(0.5))   // a command-line tool: keep the main run loop going
