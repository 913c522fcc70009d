import Foundation
import RxSwift
import RxTest

/// The error of the `error` diagram.
struct DiagramError: Error {}

/// Every diagram, by topic. Inputs are hot unless `cold: true`; `s` in a label is the scheduler.
enum Diagrams {
    static let all =
        creating + transforming + filtering + combining + errorHandling + time + sharing + utility + traits
        + delivery

    /// A cold sequence drawn inline by a label such as `cold("-x-x|")`: `x` replaced by `value`.
    static func cold(_ scheduler: TestScheduler, _ marbles: String, _ value: String) -> Observable<String> {
        scheduler.createColdObservable(marbles.replacingOccurrences(of: "x", with: value), frame: frame)
            .asObservable()
    }

    /// The virtual time of a character of a diagram: 10 ticks, more on the finer clock of the
    /// check for ties (`Diagram.render`).
    @TaskLocal static var frame: TestTime = 10
}
