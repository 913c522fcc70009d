import RxCocoa
import RxSwift

/// Calculator: a state machine driven by key presses, reduced with `scan`.
public struct CalculatorViewModel {
    /// A key of the calculator.
    public enum Key: Equatable, Hashable, Sendable {
        /// A digit, 0–9.
        case digit(Int)
        /// The decimal point.
        case point
        /// An operator.
        case operation(Operation)
        /// `=`.
        case equals
        /// `C`: clears everything.
        case clear
        /// `±`: changes the sign of the number shown.
        case negate
        /// `%`: divides the number shown by 100.
        case percent

        /// The key a keyboard key stands for, by GDK's name of it (`"7"`, `"KP_7"`, `"plus"`,
        /// `"KP_Add"`, `"Return"`, `"Escape"`…); nil for keys the calculator does not have.
        public init?(keyName name: String) {
            let digit = name.hasPrefix("KP_") ? String(name.dropFirst(3)) : name
            if digit.count == 1, let value = Int(digit) {
                self = .digit(value)
                return
            }
            switch name {
            case "period", "comma", "KP_Decimal", "KP_Separator": self = .point
            case "plus", "KP_Add": self = .operation(.add)
            case "minus", "KP_Subtract": self = .operation(.subtract)
            case "asterisk", "KP_Multiply": self = .operation(.multiply)
            case "slash", "KP_Divide": self = .operation(.divide)
            case "equal", "Return", "KP_Enter": self = .equals
            case "Escape", "Delete": self = .clear
            case "percent": self = .percent
            default: return nil
            }
        }
    }

    /// The four operations.
    public enum Operation: String, Equatable, Hashable, Sendable {
        case add = "+"
        case subtract = "−"
        case multiply = "×"
        case divide = "÷"

        func apply(_ left: Double, _ right: Double) -> Double? {
            switch self {
            case .add: left + right
            case .subtract: left - right
            case .multiply: left * right
            case .divide: right == 0 ? nil : left / right
            }
        }
    }

    /// The calculator's state.
    public struct State: Equatable, Sendable {
        /// What the display shows.
        public var display = "0"
        /// The left operand and its operation, waiting for the right operand.
        var pending: (value: Double, operation: Operation)?
        /// Whether the next digit starts a new number.
        var startsNewNumber = true

        /// The initial state: 0 on the display.
        public init() {}

        public static func == (lhs: State, rhs: State) -> Bool {
            lhs.display == rhs.display && lhs.startsNewNumber == rhs.startsNewNumber
                && lhs.pending?.value == rhs.pending?.value && lhs.pending?.operation == rhs.pending?.operation
        }

        var value: Double { Double(display) ?? 0 }

        static func format(_ value: Double) -> String {
            if value.isNaN || value.isInfinite { return "Error" }
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        }

        /// The state after pressing `key`.
        public func pressing(_ key: Key) -> State {
            var next = self
            switch key {
            case .digit(let digit):
                next.display = startsNewNumber || display == "0" ? String(digit) : display + String(digit)
                next.startsNewNumber = false
            case .point:
                if startsNewNumber {
                    next.display = "0."
                } else if !display.contains(".") {
                    next.display = display + "."
                }
                next.startsNewNumber = false
            case .operation(let operation):
                let value =
                    (pending.map { startsNewNumber ? $0.value : ($0.operation.apply($0.value, self.value) ?? .nan) })
                    ?? self.value
                next.display = Self.format(value)
                next.pending = value.isNaN ? nil : (value, operation)
                next.startsNewNumber = true
            case .equals:
                guard let pending else { return self }
                next.display = Self.format(pending.operation.apply(pending.value, value) ?? .nan)
                next.pending = nil
                next.startsNewNumber = true
            case .clear:
                return State()
            case .negate:
                guard display != "0", display != "Error" else { return self }
                next.display = display.hasPrefix("-") ? String(display.dropFirst()) : "-" + display
            case .percent:
                next.display = Self.format(value / 100)
                next.startsNewNumber = true
            }
            return next
        }
    }

    /// What the display shows.
    public let display: Driver<String>

    /// A view model over the keys pressed.
    public init(keys: Signal<Key>) {
        display = keys.scan(State()) { state, key in state.pressing(key) }
            .map(\.display)
            .startWith("0")
            .distinctUntilChanged()
            .asDriver(onErrorJustReturn: "0")
    }
}
