import RxCocoa
import RxSwift

/// Stopwatch: start, stop and reset, with the time in tenths of a second.
public struct StopwatchViewModel {
    /// The elapsed time, `mm:ss.t`.
    public let time: Driver<String>
    /// The start/stop button's title: "Start", "Stop" or "Resume".
    public let startStopTitle: Driver<String>
    /// Whether there is anything to reset.
    public let canReset: Driver<Bool>
    /// Whether the stopwatch is running.
    public let isRunning: Driver<Bool>

    private enum Command {
        case toggle, reset, tick
    }

    private struct State: Equatable {
        var running = false
        var tenths = 0

        func applying(_ command: Command) -> State {
            switch command {
            case .toggle: State(running: !running, tenths: tenths)
            case .reset: State()
            case .tick: State(running: running, tenths: running ? tenths + 1 : tenths)
            }
        }
    }

    /// A view model over the buttons' taps; `scheduler` times the ticks (every 100 ms).
    public init(startStop: Signal<Void>, reset: Signal<Void>, scheduler: SchedulerType) {
        let commands = Signal.merge(startStop.map { Command.toggle }, reset.map { Command.reset })
        // Whether the ticks run follows the buttons alone; the state follows buttons and ticks,
        // so that a reset changes the time, the title and the buttons in one step.
        let ticks = commands.scan(false) { running, command in command == .toggle ? !running : false }
            .distinctUntilChanged()
            .asObservable()
            .flatMapLatest { running in
                running
                    ? Observable<Int>.interval(.milliseconds(100), scheduler: scheduler).map { _ in Command.tick }
                    : .empty()
            }
            .asSignal(onErrorSignalWith: .empty())
        let state = Signal.merge(commands, ticks)
            .scan(State()) { state, command in state.applying(command) }
            .startWith(State())
            .distinctUntilChanged()
            .asDriver(onErrorJustReturn: State())
        time = state.map { state in
            let minutes = state.tenths / 600
            let seconds = state.tenths / 10 % 60
            return "\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds).\(state.tenths % 10)"
        }
        .distinctUntilChanged()
        isRunning = state.map(\.running).distinctUntilChanged()
        startStopTitle = state.map { $0.running ? "Stop" : ($0.tenths == 0 ? "Start" : "Resume") }
            .distinctUntilChanged()
        canReset = state.map { $0.running || $0.tenths > 0 }.distinctUntilChanged()
    }
}
