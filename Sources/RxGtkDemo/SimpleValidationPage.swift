import GalleryModels
import RxCocoa
import RxGtk
import RxSwift

/// Simple validation: messages, icons and the button's state bound to the validation results.
@MainActor
func simpleValidationPage() -> Page {
    let username = Entry(placeholder: "At least 5 characters")
    let password = PasswordEntry(placeholder: "At least 5 characters")
    let usernameMessage = Label("")
    let passwordMessage = Label("")
    let usernameIcon = Image(iconName: nil)
    let passwordIcon = Image(iconName: nil)
    let button = Button(label: "Do something").styled("suggested-action")
    let greeting = Label("")
    greeting.alignStart()
    button.layout(horizontal: .start)
    let page = Page(
        name: "validation", title: "Simple validation",
        summary: "Each field's message, icon and the button's state are bound to the validation results.",
        content: [
            formField(
                "Username",
                Box(vertical: false, spacing: 8, [username.layout(expandHorizontally: true), usernameIcon]),
                message: usernameMessage),
            formField(
                "Password",
                Box(vertical: false, spacing: 8, [password.layout(expandHorizontally: true), passwordIcon]),
                message: passwordMessage),
            button, greeting,
        ])
    let viewModel = SimpleValidationViewModel(
        username: username.rx.text.orEmpty.asObservable(), password: password.rx.text.orEmpty.asObservable(),
        taps: button.rx.tap.asObservable())
    let bag = page.disposeBag
    let icon = { (valid: Bool) -> String? in valid ? "emblem-ok-symbolic" : "dialog-warning-symbolic" }
    viewModel.usernameMessage.drive(usernameMessage.rx.text).disposed(by: bag)
    viewModel.passwordMessage.drive(passwordMessage.rx.text).disposed(by: bag)
    viewModel.usernameValid.map(icon).drive(usernameIcon.rx.iconName).disposed(by: bag)
    viewModel.passwordValid.map(icon).drive(passwordIcon.rx.iconName).disposed(by: bag)
    viewModel.usernameValid.map { !$0 }.drive(usernameMessage.rx.style("error")).disposed(by: bag)
    viewModel.passwordValid.map { !$0 }.drive(passwordMessage.rx.style("error")).disposed(by: bag)
    viewModel.everythingValid.drive(button.rx.isSensitive).disposed(by: bag)
    viewModel.greeting.emit(to: greeting.rx.text).disposed(by: bag)

    page.target("username", username)
    page.target("password", password)
    page.target("button", button)
    page.state = {
        "enabled=\(button.isSensitive) username=\(usernameMessage.text.isEmpty ? "ok" : "short") password=\(passwordMessage.text.isEmpty ? "ok" : "short") greeting=\(greeting.text)"
    }
    page.play = {
        typeSlowly("gnome", into: username, from: 0.2)
        after(0.8) { password.text = "rx" }
    }
    page.settled = { username.text == "gnome" && password.text == "rx" && !passwordMessage.text.isEmpty }
    return page
}
