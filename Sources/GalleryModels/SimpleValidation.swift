import RxCocoa
import RxSwift

/// Simple validation: a username and a password of at least `minimumLength` characters each;
/// a message under each field while it is too short, and a button enabled when both are valid.
public struct SimpleValidationViewModel {
    /// The shortest valid username or password.
    public static let minimumLength = 5

    /// Whether the username is long enough.
    public let usernameValid: Driver<Bool>
    /// Whether the password is long enough.
    public let passwordValid: Driver<Bool>
    /// The username's message: empty when valid.
    public let usernameMessage: Driver<String>
    /// The password's message: empty when valid.
    public let passwordMessage: Driver<String>
    /// Whether the button can be pressed.
    public let everythingValid: Driver<Bool>
    /// What pressing the button shows.
    public let greeting: Signal<String>

    /// A view model over the fields' texts and the button's taps.
    public init(username: Observable<String>, password: Observable<String>, taps: Observable<Void>) {
        let length = Self.minimumLength
        let usernameValid = username.map { $0.count >= length }.distinctUntilChanged()
            .asDriver(onErrorJustReturn: false)
        let passwordValid = password.map { $0.count >= length }.distinctUntilChanged()
            .asDriver(onErrorJustReturn: false)
        self.usernameValid = usernameValid
        self.passwordValid = passwordValid
        usernameMessage = usernameValid.map { $0 ? "" : "Username has to be at least \(length) characters" }
        passwordMessage = passwordValid.map { $0 ? "" : "Password has to be at least \(length) characters" }
        everythingValid = Driver.combineLatest(usernameValid, passwordValid) { $0 && $1 }.distinctUntilChanged()
        greeting = taps.withLatestFrom(username) { _, name in "Welcome, \(name)!" }
            .asSignal(onErrorJustReturn: "")
    }
}
