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

    /// A view model over the buttons' taps; `scheduler` times the ticks (every 100 ms).
    public init(startStop: Signal<Void>, reset: Signal<Void>, scheduler: SchedulerType) {
        let commands = Signal.merge(startStop.map { Command.toggle }, reset.map { Command.reset })
        let running = commands.scan(false) { running, command in
            command == .toggle ? !running : false
        }
        .startWith(false)
        .distinctUntilChanged()
        let ticks = running.asObservable()
            .flatMapLatest { running in
                running
                    ? Observable<Int>.interval(.milliseconds(100), scheduler: scheduler).map { _ in Command.tick }
                    : .empty()
            }
            .asSignal(onErrorSignalWith: .empty())
        let tenths = Signal.merge(ticks, reset.map { Command.reset })
            .scan(0) { tenths, command in command == .tick ? tenths + 1 : 0 }
            .startWith(0)
        time = tenths.map { tenths in
            let minutes = tenths / 600
            let seconds = tenths / 10 % 60
            return "\(minutes < 10 ? "0" : "")\(minutes):\(seconds < 10 ? "0" : "")\(seconds).\(tenths % 10)"
        }
        .asDriver(onErrorJustReturn: "")
        isRunning = running.asDriver(onErrorJustReturn: false)
        startStopTitle = Driver.combineLatest(isRunning, tenths.asDriver(onErrorJustReturn: 0)) { running, tenths in
            running ? "Stop" : (tenths == 0 ? "Start" : "Resume")
        }
        .distinctUntilChanged()
        canReset = Driver.combineLatest(isRunning, tenths.asDriver(onErrorJustReturn: 0)) { running, tenths in
            running || tenths > 0
        }
        .distinctUntilChanged()
    }
}
