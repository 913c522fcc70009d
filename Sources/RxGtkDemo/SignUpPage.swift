import GalleryModels
import RxAdw
import RxCocoa
import RxGtk
import RxRelay
import RxSwift

/// Sign-up: the username checked against the local service as it is typed, with an activity
/// indicator; password rules; a sign-up button enabled only when everything is valid, and the
/// sign-up's progress.
@MainActor
func signUpPage(service: SignUpService, failures: PublishRelay<String>) -> Page {
    let username = EntryRow(title: "Username")
    let password = PasswordEntryRow(title: "Password")
    let repeated = PasswordEntryRow(title: "Repeat password")
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
            PreferencesGroup(
                title: "Account",
                description: "Letters and digits for the username; at least 6 characters for the password.",
                [username, password, repeated]),
            formField("About you (optional)", aboutFrame, message: aboutCount),
            Box(vertical: false, spacing: 12, [button, progress.layout(expandHorizontally: true, vertical: .center)]),
            result,
        ])
    let viewModel = SignUpViewModel(
        username: username.rx.text.orEmpty.asObservable(), password: password.rx.text.orEmpty.asObservable(),
        repeatedPassword: repeated.rx.text.orEmpty.asObservable(), taps: button.rx.tap.asObservable(),
        service: service, scheduler: MainScheduler.instance)
    let bag = page.disposeBag
    // Each field's verdict at the end of its row (and the username's check in progress).
    username.addSuffix(spinner)
    for (row, message) in zip([username, password, repeated], messages) {
        _ = message.styled("caption")
        row.addSuffix(message)
    }
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
    viewModel.result.filter { $0.hasPrefix("Sign-up failed") }.emit(to: failures).disposed(by: bag)

    page.target("username", username)
    page.target("password", password)
    page.target("repeat", repeated)
    page.target("button", button)
    page.state = {
        "username=\(messages[0].text) password=\(messages[1].text) repeat=\(messages[2].text) enabled=\(button.isSensitive) progress=\(Int(progress.fraction * 100)) result=\(result.text)"
    }
    page.play = { [name = page.name] in
        typeSlowly("linus", into: username, from: 0.2)
        after(0.8) { password.text = "penguins" }
        after(1.0) { repeated.text = "penguins" }
        after(1.1) { about.text = "I write GTK apps in Swift." }
        // Clicked once every field is in and validated (a click on a disabled button is lost).
        when(
            "the sign-up button enabled", on: name,
            { repeated.text == "penguins" && !about.text.isEmpty && button.isSensitive }
        ) { button.click() }
    }
    page.settled = { !result.text.isEmpty && !spinner.isAnimating }
    return page
}
