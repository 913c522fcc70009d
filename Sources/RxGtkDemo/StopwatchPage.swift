import GalleryModels
import RxCocoa
import RxGtk
import RxSwift

/// Stopwatch: `interval` and `scan` behind start, stop and reset Signals.
@MainActor
func stopwatchPage() -> Page {
    let time = Label("00:00.0").styled("title-1", "numeric")
    let startStop = Button(label: "Start").styled("suggested-action")
    let reset = Button(label: "Reset")
    time.layout(horizontal: .start)
    let page = Page(
        name: "stopwatch", title: "Stopwatch",
        summary:
            "Start and stop switch an interval on and off (flatMapLatest); scan counts its ticks; reset sets the count back to zero.",
        content: [time, Box(vertical: false, spacing: 8, [startStop, reset])])
    let viewModel = StopwatchViewModel(
        startStop: startStop.rx.tap.asSignal(), reset: reset.rx.tap.asSignal(), scheduler: MainScheduler.instance)
    let bag = page.disposeBag
    viewModel.time.drive(time.rx.text).disposed(by: bag)
    viewModel.startStopTitle.drive(onNext: { startStop.label = $0 }).disposed(by: bag)
    viewModel.isRunning.map { !$0 }.drive(startStop.rx.style("suggested-action")).disposed(by: bag)
    viewModel.isRunning.drive(startStop.rx.style("destructive-action")).disposed(by: bag)
    viewModel.canReset.drive(reset.rx.isSensitive).disposed(by: bag)

    page.target("startStop", startStop)
    page.target("reset", reset)
    page.state = { "time=\(time.text) button=\(startStop.label) reset=\(reset.isSensitive)" }
    page.play = {
        after(0.2) { startStop.click() }
    }
    // Running, and it has counted a second.
    page.settled = { reset.isSensitive && time.text >= "00:01" }
    return page
}
