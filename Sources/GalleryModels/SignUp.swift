import RxCocoa
import RxSwift

/// The outcome of checking one field.
public enum Validation: Equatable, Sendable {
    /// Nothing entered yet.
    case empty
    /// Being checked (a request is running).
    case validating
    /// Valid, with a message to show.
    case ok(String)
    /// Invalid, with the reason.
    case failed(String)

    /// Whether the field may be submitted.
    public var isValid: Bool {
        if case .ok = self { return true }
        return false
    }

    /// The text to show under the field.
    public var message: String {
        switch self {
        case .empty: ""
        case .validating: "Checking…"
        case .ok(let message), .failed(let message): message
        }
    }
}

/// What a sign-up request reports: how far it got, then its result.
public enum SignUpEvent: Equatable, Sendable {
    /// The fraction done, from 0 to 1.
    case progress(Double)
    /// Finished, with the message to show.
    case finished(String)
}

/// The service the sign-up screen talks to.
public struct SignUpService: Sendable {
    /// Whether `username` is still free.
    public let isAvailable: @Sendable (String) -> Observable<Bool>
    /// Creates the account, reporting progress.
    public let signUp: @Sendable (String, String) -> Observable<SignUpEvent>

    /// A service made of the two requests.
    public init(
        isAvailable: @escaping @Sendable (String) -> Observable<Bool>,
        signUp: @escaping @Sendable (String, String) -> Observable<SignUpEvent>
    ) {
        self.isAvailable = isAvailable
        self.signUp = signUp
    }
}

/// Sign-up: the username is checked against the service as it is typed (throttled; a newer
/// name cancels the check of an older one), the password needs 6 characters and the repeat must
/// match; the button is enabled only when all three are valid and no sign-up is running.
public struct SignUpViewModel {
    /// The username's state.
    public let usernameValidation: Driver<Validation>
    /// The password's state.
    public let passwordValidation: Driver<Validation>
    /// The repeated password's state.
    public let repeatedPasswordValidation: Driver<Validation>
    /// Whether a request (availability or sign-up) is running.
    public let isWorking: Driver<Bool>
    /// Whether the button can be pressed.
    public let signUpEnabled: Driver<Bool>
    /// The sign-up's progress, from 0 to 1 (0 before the first sign-up).
    public let progress: Driver<Double>
    /// The sign-up's result.
    public let result: Signal<String>

    /// A view model over the fields, the button's taps and the service; `scheduler` times the
    /// throttling of the username checks.
    public init(
        username: Observable<String>, password: Observable<String>, repeatedPassword: Observable<String>,
        taps: Observable<Void>, service: SignUpService, scheduler: SchedulerType
    ) {
        let usernameValidation = username.distinctUntilChanged()
            .throttle(.milliseconds(300), scheduler: scheduler)
            .flatMapLatest { name -> Observable<Validation> in
                if name.isEmpty { return .just(.empty) }
                if !name.allSatisfy({ $0.isLetter || $0.isNumber }) {
                    return .just(.failed("Only letters and digits"))
                }
                return service.isAvailable(name)
                    .map { $0 ? .ok("Available") : .failed("Already taken") }
                    .catchAndReturn(.failed("Could not reach the server"))
                    .startWith(.validating)
            }
            .share(replay: 1)
        let passwordValidation = password.map { text -> Validation in
            if text.isEmpty { return .empty }
            return text.count >= 6 ? .ok("Strong enough") : .failed("At least 6 characters")
        }
        .share(replay: 1)
        let repeatedValidation = Observable.combineLatest(password, repeatedPassword) { password, repeated in
            if repeated.isEmpty { return Validation.empty }
            return repeated == password ? .ok("Matches") : .failed("Does not match the password")
        }
        .share(replay: 1)

        let events = taps.withLatestFrom(Observable.combineLatest(username, password))
            .flatMapFirst { name, password in
                service.signUp(name, password)
                    .catchAndReturn(.finished("Sign-up failed: could not reach the server"))
            }
            .share()
        let signingUp = events.map { event -> Bool in
            if case .finished = event { return false }
            return true
        }
        .startWith(false)

        self.usernameValidation = usernameValidation.asDriver(onErrorJustReturn: .empty)
        self.passwordValidation = passwordValidation.asDriver(onErrorJustReturn: .empty)
        repeatedPasswordValidation = repeatedValidation.asDriver(onErrorJustReturn: .empty)
        isWorking = Observable.combineLatest(usernameValidation.startWith(.empty), signingUp) { validation, signingUp in
            validation == .validating || signingUp
        }
        .distinctUntilChanged()
        .asDriver(onErrorJustReturn: false)
        signUpEnabled = Observable.combineLatest(usernameValidation, passwordValidation, repeatedValidation, signingUp)
        {
            $0.isValid && $1.isValid && $2.isValid && !$3
        }
        .distinctUntilChanged()
        .asDriver(onErrorJustReturn: false)
        progress = events.map { event -> Double in
            if case .progress(let fraction) = event { return fraction }
            return 1
        }
        .startWith(0)
        .asDriver(onErrorJustReturn: 0)
        result = events.compactMap { event -> String? in
            if case .finished(let message) = event { return message }
            return nil
        }
        .asSignal(onErrorJustReturn: "")
    }
}
