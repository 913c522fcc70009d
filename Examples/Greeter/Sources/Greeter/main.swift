import Foundation
import RxGtk

// `swift run Greeter` opens the window; `swift run Greeter --check` types a name, clicks, checks
// the greeting and exits (CI runs it that way on a virtual display).
guard GtkMainLoop.start() else {
    print("Greeter: no display to open a window on (set DISPLAY, or run under xvfb-run)")
    exit(1)
}
let screen = GreeterScreen()
screen.window.present()

if CommandLine.arguments.contains("--check") {
    screen.name.text = "Ada"
    _ = GtkMainLoop.iterate(until: { screen.greet.isSensitive })
    screen.greet.click()
    let greeted = GtkMainLoop.iterate(until: { screen.greeting.text == "Hello, Ada!" })
    print(greeted ? "Greeter: typed Ada, clicked, read \"\(screen.greeting.text)\"" : "Greeter: no greeting")
    exit(greeted ? 0 : 1)
}
GtkMainLoop.run(until: screen.window)
