// swift-format-ignore-file
// (Laid out as README.md shows it; SamplesAreCompiledTests compares the two.)
// The RxGtk demo: the study notes' search screen on real GTK 4 widgets.
//
//   entry.rx.text.orEmpty.asDriver()
//       .throttle(.milliseconds(300), scheduler: MainScheduler.instance)
//       .flatMapLatest { fetch($0).asDriver(onErrorJustReturn: []) }
//
// drives a result-count label and a results list; a button's taps are counted on a Signal.
// Options: `--undecorated` (no title bar), `--quit-after SECONDS`, `--play` (types "Seo" and
// taps twice by itself, for headless runs whose screenshot should show the demo at work),
// `--report` (prints a `STATE` line whenever the window changes and a `LAYOUT` line at start,
// for the tests that drive the demo).
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RxCocoa
import RxGtk
import RxSwift

let arguments = CommandLine.arguments

/// Prints a line at once (stdout is a pipe in scripted runs).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Prints a test-harness line, only under `--report`.
func report(_ line: String) {
    if arguments.contains("--report") { say(line) }
}

guard GtkMainLoop.start() else {
    say("RxGtkDemo needs a display (try: xvfb-run swift run RxGtkDemo)")
    exit(1)
}

let cities = ["Seoul", "Busan", "Incheon", "Daegu", "Daejeon", "Gwangju", "Suwon", "Ulsan", "Sejong", "Seogwipo", "Changwon", "Jeonju"]
let server = SearchServer(cities: cities)

/// Fetches the cities starting with `query` from the local endpoint, or from the bundled list
/// when the endpoint could not start.
func fetch(_ query: String) -> Observable<[String]> {
    guard let server else {
        return .just(cities.filter { $0.lowercased().hasPrefix(query.lowercased()) })
    }
    var components = URLComponents(url: server.searchURL, resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "q", value: query)]
    return URLSession.shared.rx.data(request: URLRequest(url: components.url!))
        .map { data in (try JSONSerialization.jsonObject(with: data) as? [String]) ?? [] }
}

let entry = Entry(placeholder: "Search Korean cities")
let resultCount = Label("")
let results = ListBox()
let button = Button(label: "Tap me")
let tapCount = Label("0 taps")
let window = Window(title: "OpenRx search", child: Box(spacing: 8, [entry, Box(vertical: false, spacing: 8, [button, tapCount]), resultCount, results]))
window.setDefaultSize(width: 360, height: 480)
window.isDecorated = !arguments.contains("--undecorated")

let disposeBag = DisposeBag()

let found = entry.rx.text.orEmpty.asDriver()
    .throttle(.milliseconds(300), scheduler: MainScheduler.instance)
    .distinctUntilChanged()
    .flatMapLatest { query in
        fetch(query).asDriver(onErrorJustReturn: [])
    }

found
    .map { "\($0.count) results" }
    .drive(resultCount.rx.text)
    .disposed(by: disposeBag)

found
    .drive(results.rx.items) { _, city in Label(city) }
    .disposed(by: disposeBag)

// Reports what the widgets show, read back from them (the two bindings above have applied the
// same element by then).
found
    .drive(onNext: { _ in
        let rows = results.rows.compactMap { ($0 as? Label)?.text }
        report("STATE count=\(resultCount.text.split(separator: " ").first ?? "") rows=\(rows.joined(separator: "|"))")
    })
    .disposed(by: disposeBag)

button.rx.tap.asSignal()
    .scan(0) { count, _ in count + 1 }
    .map { "\($0) taps" }
    .emit(to: tapCount.rx.text)
    .disposed(by: disposeBag)

button.rx.tap.asSignal()
    .emit(onNext: { report("STATE taps=\(tapCount.text)") })
    .disposed(by: disposeBag)

window.present()
GtkMainLoop.iterate(until: { entry.size.width > 0 }, timeout: 5)
@MainActor func position(_ widget: Widget) -> String {
    let origin = widget.origin(in: window)
    return "\(Int(origin.x) + widget.size.width / 2),\(Int(origin.y) + widget.size.height / 2)"
}
report("LAYOUT entry=\(position(entry)) button=\(position(button)) endpoint=\(server.map { "127.0.0.1:\($0.port)" } ?? "bundled data")")

if arguments.contains("--play") {
    // What a user would do first: type a query, letter by letter, then tap twice.
    for (step, letter) in "Seo".enumerated() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.4 + 0.15 * Double(step)) { entry.text += String(letter) }
    }
    for tap in 0..<2 {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1.2 + 0.2 * Double(tap)) { button.click() }
    }
}

if let index = arguments.firstIndex(of: "--quit-after"), index + 1 < arguments.count, let seconds = Double(arguments[index + 1]) {
    DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { window.destroy() }
}
GtkMainLoop.run(until: window)
