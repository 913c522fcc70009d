// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxSwift.docc/SharingHotAndCold.md, compiled and run.

import Foundation
import RxSwift
import TestSupport
import XCTest

final class SharingHotAndColdTests: ArticleTestCase {
    func testOneRequestForSeveralBindings() {
        var requests = 0
        let profile = Observable<String>.create { observer in
            requests += 1                       // stands for a network request
            observer.onNext("Ada Lovelace")
            observer.onCompleted()
            return Disposables.create()
        }

        let unshared = profile.map { $0.uppercased() }
        unshared.subscribe(onNext: { print("title:", $0) }).disposed(by: disposeBag)
        unshared.subscribe(onNext: { print("header:", $0) }).disposed(by: disposeBag)
        print("requests:", requests)
        // title: ADA LOVELACE
        // header: ADA LOVELACE
        // requests: 2

        XCTAssertEqual(takePrinted(), ["title: ADA LOVELACE", "header: ADA LOVELACE", "requests: 2"])

        requests = 0
        let shared = profile.map { $0.uppercased() }.share(replay: 1, scope: .forever)
        shared.subscribe(onNext: { print("title:", $0) }).disposed(by: disposeBag)
        shared.subscribe(onNext: { print("header:", $0) }).disposed(by: disposeBag)
        print("requests:", requests)
        // title: ADA LOVELACE
        // header: ADA LOVELACE
        // requests: 1

        XCTAssertEqual(takePrinted(), ["title: ADA LOVELACE", "header: ADA LOVELACE", "requests: 1"])
    }

    func testConnectable() {
        let source = PublishSubject<Int>()
        let published = source.map { $0 * 10 }.publish()
        published.subscribe(onNext: { print("a", $0) }).disposed(by: disposeBag)
        published.subscribe(onNext: { print("b", $0) }).disposed(by: disposeBag)
        source.onNext(1)                          // not connected yet: nobody listens upstream
        published.connect().disposed(by: disposeBag)
        source.onNext(2)
        // a 20
        // b 20

        XCTAssertEqual(takePrinted(), ["a 20", "b 20"])
    }
}
