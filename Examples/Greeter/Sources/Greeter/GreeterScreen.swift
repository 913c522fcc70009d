import RxCocoa
import RxGtk
import RxSwift

/// The screen of the article "UI bindings on Linux with RxGtk": a name, a button that is enabled
/// once a name is typed, and the greeting it shows.
@MainActor
final class GreeterScreen {
    let name = Entry(placeholder: "Your name")
    let greet = Button(label: "Greet")
    let greeting = Label()
    let window: Window
    private let disposeBag = DisposeBag()

    init() {
        window = Window(title: "Greeter", child: Box(spacing: 12, [name, greet, greeting]))

        let typed = name.rx.text.orEmpty.asDriver()
        typed.map { !$0.isEmpty }
            .drive(greet.rx.isSensitive)
            .disposed(by: disposeBag)
        greet.rx.tap.asSignal()
            .withLatestFrom(typed)
            .map { "Hello, \($0)!" }
            .emit(to: greeting.rx.text)
            .disposed(by: disposeBag)
    }
}
