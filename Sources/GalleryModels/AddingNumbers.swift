import RxCocoa
import RxSwift

/// Adding numbers: three text fields and their sum, updated as any of them changes.
public struct AddingNumbersViewModel {
    /// The sum, or a hint when a field is not a whole number. Empty fields count as 0.
    public let sum: Driver<String>

    /// A view model over the three fields' texts.
    public init(_ first: Observable<String>, _ second: Observable<String>, _ third: Observable<String>) {
        sum = Observable.combineLatest(first, second, third) { a, b, c -> String in
            let values = [a, b, c].map { text -> Int? in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                return trimmed.isEmpty ? 0 : Int(trimmed)
            }
            guard values.allSatisfy({ $0 != nil }) else { return "Enter whole numbers" }
            return "\(values.reduce(0) { $0 + $1! })"
        }
        .asDriver(onErrorJustReturn: "")
    }
}
