import Foundation
import RxCocoa
import RxSwift

/// When the demo started.
let started = Date()

/// Prints `text` with the time since the demo started.
func log(_ text: String) {
    let elapsed = Int(Date().timeIntervalSince(started) * 1000)
    print(String(format: "%5d ms  ", elapsed) + text)
}

/// A text field stand-in: a user edit is an event; programmatic changes are not reported.
final class DemoTextField: ReactiveCompatible {
    var text: String?
    let edits = PublishSubject<String?>()

    func simulateTyping(_ text: String) {
        self.text = text
        edits.onNext(text)
    }
}

extension Reactive where Base: DemoTextField {
    /// The text: the current value on subscription, then every edit.
    var text: ControlProperty<String?> {
        let values = Observable<String?>.deferred { [weak field = base] in
            guard let field else { return .empty() }
            return field.edits.startWith(field.text)
        }
        return ControlProperty(values: values, valueSink: Binder(base) { field, text in field.text = text })
    }
}

/// A label stand-in that prints what it shows.
final class DemoLabel: ReactiveCompatible {
    let name: String
    var updates = 0

    init(name: String) {
        self.name = name
    }
}

extension Reactive where Base: DemoLabel {
    var text: Binder<String> {
        Binder(base) { label, text in
            label.updates += 1
            log("\(label.name) <- \(text)   (main thread: \(Thread.isMainThread))")
        }
    }
}
