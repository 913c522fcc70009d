// The OpenRx gallery: RxCocoa-style programming on GTK 4 with libadwaita's look (RxAdw), one
// example per page (a header bar, a sidebar of examples, each page a view model from
// GalleryModels bound to real widgets; errors in toasts).
//
// Options: `--page NAME` (search, numbers, validation, signup, paging, list, stopwatch,
// calculator) opens that page; `--about` opens the About dialog over it; `--width PIXELS` sets
// the window's width; `--undecorated` (no title bar); `--quit-after SECONDS`; `--play`
// (the page does what a user would do first, for headless screenshots); `--report` (prints a
// `LAYOUT` line with the centres of the page's widgets whenever they move, and a `STATE` line
// whenever what the page shows changes, read back from its widgets: for the tests that drive
// the gallery).
import Foundation
import GalleryModels
import RxAdw
import RxCocoa
import RxGtk
import RxRelay
import RxSwift

let arguments = CommandLine.arguments

/// The value following `option` on the command line.
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

/// Prints a line at once (stdout is a pipe in scripted runs).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

guard GtkMainLoop.start() else {
    say(
        "RxGtkDemo needs a display: run it in a desktop session, or headless with `bash scripts/demo.sh` (Xvfb, a screenshot per page)"
    )
    exit(1)
}
Adwaita.start()

let cities = [
    "Seoul", "Busan", "Incheon", "Daegu", "Daejeon", "Gwangju", "Suwon", "Ulsan", "Sejong", "Seogwipo", "Changwon",
    "Jeonju",
]
let places = Places.all
guard let server = LocalServer(cities: cities, places: places) else {
    say("RxGtkDemo could not start its local HTTP service on 127.0.0.1")
    exit(1)
}
let client = Client(server: server)
/// Keys pressed while the calculator is shown (bound below, once the window exists).
let calculatorKeys = PublishRelay<String>()
/// Messages the pages show in a toast (bound below, once the window exists).
let toastMessages = PublishRelay<String>()

// The search page's subscriptions, and what its chains do, are recorded (`RxTrace`): its
// "Inspect" box draws them live, and `--trace FILE` writes them to FILE (an HTML page; `.json`
// for Perfetto) when the page settles; `--inspect` checks the box at start.
let tracePath = option("--trace")
RxTrace.isEnabled = true
let search = searchPage(fetch: client.cities, failures: toastMessages)
RxTrace.isEnabled = false
let inspect = CheckButton(label: "Inspect: draw this page's streams, live (RxTrace)")
let streams = Label("").styled("monospace")
streams.alignStart()
streams.isVisible = false
search.root.append(inspect)
search.root.append(streams)
inspect.rx.isOn
    .flatMapLatest { on -> Observable<String> in
        guard on else { return .just("") }
        return Observable<Int>.interval(.milliseconds(250), scheduler: MainScheduler.instance).startWith(0)
            .map { _ in RxTrace.recording().marbles(lastMoments: 12) }
    }
    .bind(to: streams.rx.text)
    .disposed(by: search.disposeBag)
inspect.rx.isOn.bind(to: streams.rx.isVisible).disposed(by: search.disposeBag)
search.target("inspect", inspect)
inspect.isOn = arguments.contains("--inspect")
let pages = [
    search,
    addingNumbersPage(),
    simpleValidationPage(),
    signUpPage(service: client.signUpService, failures: toastMessages),
    pagedSearchPage(page: client.places),
    editableListPage(),
    stopwatchPage(),
    calculatorPage(typed: calculatorKeys.asSignal()),
]
let windowBag = DisposeBag()
let stack = Stack()
for page in pages {
    stack.addPage(ScrolledWindow(page.root), name: page.name, title: page.title)
}
let sidebar = StackSidebar(stack: stack)
sidebar.minimumSize = (190, -1)
let header = AdwaitaHeaderBar()
let toasts = ToastOverlay(
    child: Box(
        vertical: false, spacing: 0, [sidebar, Separator(vertical: true), stack.layout(expandHorizontally: true)]))
let window = Adwaita.window(
    title: "OpenRx Gallery", content: Box(vertical: true, spacing: 0, [header, toasts.layout(expandVertically: true)]))
header.packEnd(appMenu(for: window))
toastMessages.asSignal().emit(to: toasts.rx.toast).disposed(by: windowBag)
window.rx.keyPressed.asObservable()
    .filter { _ in stack.visiblePage == "calculator" }
    .bind(to: calculatorKeys)
    .disposed(by: windowBag)
window.setDefaultSize(width: option("--width").flatMap(Int.init) ?? 860, height: 700)
window.isDecorated = !arguments.contains("--undecorated")
if let name = option("--page"), pages.contains(where: { $0.name == name }) {
    stack.visiblePage = name
}
window.present()
if arguments.contains("--about") {
    presentAbout(over: window)
}

let disposeBag = DisposeBag()
if arguments.contains("--report") {
    // Ten times a second: a LAYOUT line when the centres of the page's widgets moved (or the
    // page changed), and a STATE line when what the page shows changed, read from its widgets.
    var lastLayout = ""
    var lastState = ""
    Observable<Int>.interval(.milliseconds(100), scheduler: MainScheduler.instance)
        .subscribe(onNext: { _ in
            guard let page = pages.first(where: { $0.name == stack.visiblePage }), page.root.size.width > 0 else {
                return
            }
            let centres = page.targets.map { target in
                let origin = target.widget.origin(in: window)
                return
                    "\(target.name)=\(Int(origin.x) + target.widget.size.width / 2),\(Int(origin.y) + target.widget.size.height / 2)"
            }
            let layout = "LAYOUT page=\(page.name) " + centres.joined(separator: " ")
            if layout != lastLayout {
                lastLayout = layout
                say(layout)
            }
            let state = "STATE page=\(page.name) \(page.state())"
            if state != lastState {
                lastState = state
                say(state)
            }
        })
        .disposed(by: disposeBag)
}

if arguments.contains("--play"), let page = pages.first(where: { $0.name == stack.visiblePage }) {
    page.play()
    // SETTLED once the page is laid out and has shown what its play leads to for half a second
    // (five checks in a row, ten a second): `scripts/demo.sh` takes its screenshot then.
    var settledChecks = 0
    Observable<Int>.interval(.milliseconds(100), scheduler: MainScheduler.instance)
        .take(until: { _ in settledChecks >= 5 }, behavior: .inclusive)
        .subscribe(onNext: { _ in
            settledChecks = page.root.size.width > 0 && page.settled() ? settledChecks + 1 : 0
            guard settledChecks == 5 else { return }
            if let tracePath {
                do {
                    try RxTrace.write(to: URL(fileURLWithPath: tracePath))
                    say("TRACE written to \(tracePath)")
                } catch {
                    say("TRACE not written to \(tracePath): \(error)")
                }
            }
            say("SETTLED page=\(page.name)")
        })
        .disposed(by: disposeBag)
}
if let seconds = option("--quit-after").flatMap(Double.init) {
    after(seconds) { window.destroy() }
}
GtkMainLoop.run(until: window)
