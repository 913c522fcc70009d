import GalleryModels
import RxCocoa
import RxGtk
import RxSwift

/// Sign-up: the username checked against the local service as it is typed, with an activity
/// indicator; password rules; a sign-up button enabled only when everything is valid, and the
/// sign-up's progress.
@MainActor
func signUpPage(service: SignUpService) -> Page {
    let username = Entry(placeholder: "Letters and digits")
    let password = PasswordEntry(placeholder: "At least 6 characters")
    let repeated = PasswordEntry(placeholder: "The same password")
    let about = TextView()
    let aboutCount = Label("0 / 140").styled("dim-label", "caption")
    let messages = (0..<3).map { _ in Label("") }
    let spinner = Spinner()
    let button = Button(label: "Sign up").styled("suggested-action")
    let progress = ProgressBar()
    let result = Label("")
    result.alignStart()
    aboutCount.alignStart()
    about.margins(8)
    let aboutFrame = ScrolledWindow(about).styled("view", "frame")
    aboutFrame.layout(expandHorizontally: true)
    aboutFrame.minimumSize = (-1, 70)
    let page = Page(
        name: "signup", title: "Sign-up",
        summary:
            "The username is checked with the local service as you type (throttle, flatMapLatest); the button is enabled only when every field is valid.",
        content: [
            formField(
                "Username", Box(vertical: false, spacing: 8, [username.layout(expandHorizontally: true), spinner]),
                message: messages[0]),
            formField("Password", password, message: messages[1]),
            formField("Repeat password", repeated, message: messages[2]),
            formField("About you (optional)", aboutFrame, message: aboutCount),
            Box(vertical: false, spacing: 12, [button, progress.layout(expandHorizontally: true, vertical: .center)]),
            result,
        ])
    let viewModel = SignUpViewModel(
        username: username.rx.text.orEmpty.asObservable(), password: password.rx.text.orEmpty.asObservable(),
        repeatedPassword: repeated.rx.text.orEmpty.asObservable(), taps: button.rx.tap.asObservable(),
        service: service, scheduler: MainScheduler.instance)
    let bag = page.disposeBag
    for (validation, message) in zip(
        [viewModel.usernameValidation, viewModel.passwordValidation, viewModel.repeatedPasswordValidation], messages)
    {
        validation.map(\.message).drive(message.rx.text).disposed(by: bag)
        validation.map { if case .failed = $0 { true } else { false } }.drive(message.rx.style("error"))
            .disposed(by: bag)
        validation.map(\.isValid).drive(message.rx.style("success")).disposed(by: bag)
    }
    about.rx.text.map { "\($0.count) / 140" }.asDriver(onErrorJustReturn: "").drive(aboutCount.rx.text)
        .disposed(by: bag)
    about.rx.text.map { $0.count > 140 }.asDriver(onErrorJustReturn: false).drive(aboutCount.rx.style("error"))
        .disposed(by: bag)
    viewModel.isWorking.drive(spinner.rx.isAnimating).disposed(by: bag)
    viewModel.signUpEnabled.drive(button.rx.isSensitive).disposed(by: bag)
    viewModel.progress.drive(progress.rx.fraction).disposed(by: bag)
    viewModel.result.emit(to: result.rx.text).disposed(by: bag)

    page.target("username", username)
    page.target("password", password)
    page.target("repeat", repeated)
    page.target("button", button)
    page.state = {
        "username=\(messages[0].text) password=\(messages[1].text) repeat=\(messages[2].text) enabled=\(button.isSensitive) progress=\(Int(progress.fraction * 100)) result=\(result.text)"
    }
    page.play = {
        typeSlowly("linus", into: username, from: 0.2)
        after(0.8) { password.text = "penguins" }
        after(1.0) { repeated.text = "penguins" }
        after(1.1) { about.text = "I write GTK apps in Swift." }
        after(1.6) { button.click() }
    }
    page.settled = { !result.text.isEmpty && !spinner.isAnimating }
    return page
}
