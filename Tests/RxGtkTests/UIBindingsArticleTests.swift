// swift-format-ignore-file
// (Laid out as the article shows it; SamplesAreCompiledTests compares the two.)
// The code of RxGtk.docc/UIBindingsOnLinux.md, compiled and run on real GTK widgets.

import CGtk
import Foundation
import RxCocoa
import RxGtk
import RxSwift
import XCTest

// GreeterScreen: GreeterScreen.swift, a link to Examples/Greeter's, the client package CI builds.

/// The article's program, as a function the test runs, with a timer that closes the window.
@MainActor
func runGreeter(closingAfter seconds: Double) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
        DispatchQueue.main.async {
            let windows = gtk_window_get_toplevels()
            let open = (0..<g_list_model_get_n_items(windows)).compactMap { g_list_model_get_item(windows, $0) }
            for window in open {
                gtk_window_close(window.assumingMemoryBound(to: GtkWindow.self))  // as the user would
                g_object_unref(window)
            }
        }
    }

    guard GtkMainLoop.start() else { fatalError("no display") }
    let screen = GreeterScreen()
    screen.window.present()
    GtkMainLoop.run(until: screen.window)
}

final class UIBindingsArticleTests: GtkTestCase {
    func testTheGreeterGreetsWhoTyped() {
        MainActor.assumeIsolated {
            let screen = GreeterScreen()
            screen.window.present()
            XCTAssertTrue(GtkMainLoop.iterate(until: { !screen.greet.isSensitive }), "disabled while the name is empty")
            screen.name.text = "Ada"
            XCTAssertTrue(GtkMainLoop.iterate(until: { screen.greet.isSensitive }))
            screen.greet.click()
            XCTAssertTrue(GtkMainLoop.iterate(until: { screen.greeting.text == "Hello, Ada!" }), screen.greeting.text)
            screen.window.destroy()
        }
    }

    func testTheProgramRunsUntilItsWindowCloses() {
        MainActor.assumeIsolated {
            let started = Date()
            runGreeter(closingAfter: 0.2)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(started), 0.2)
        }
    }
}
