import Foundation
import RxAdw
import RxCocoa
import RxGtk
import RxSwift
import TestSupport
import XCTest

/// RxAdw's widgets (Sources/RxAdw/Adwaita.swift) on real libadwaita widgets, under the test
/// command's virtual display.
final class AdwaitaTests: RxTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        let started = MainActor.assumeIsolated { GtkMainLoop.start() }
        try XCTSkipUnless(started, "GTK could not start: no display (run under xvfb-run)")
        MainActor.assumeIsolated { Adwaita.start() }
    }

    /// An entry row's text: the current text on subscription, each change once (typed or set),
    /// and bound text set into it; a password row the same.
    func testEntryRowsReportTheirTextOnceAndTakeBindings() {
        MainActor.assumeIsolated {
            let bag = DisposeBag()
            let row = EntryRow(title: "Username")
            let password = PasswordEntryRow(title: "Password")
            var texts: [String?] = []
            var passwords: [String?] = []
            row.rx.text.subscribe(onNext: { texts.append($0) }).disposed(by: bag)
            password.rx.text.subscribe(onNext: { passwords.append($0) }).disposed(by: bag)
            row.text = "linus"
            Observable.just("gnome").bind(to: row.rx.text).disposed(by: bag)
            Observable.just("penguins").bind(to: password.rx.text).disposed(by: bag)
            XCTAssertEqual(texts, ["", "linus", "gnome"])
            XCTAssertEqual(passwords, ["", "penguins"])
            XCTAssertEqual(row.text, "gnome")
        }
    }

    /// Messages bound into a toast overlay are shown, in order, one toast each.
    func testEachMessageBoundIntoTheOverlayIsShownInAToast() {
        MainActor.assumeIsolated {
            let bag = DisposeBag()
            let overlay = ToastOverlay(child: Label("content"))
            Observable.of("Could not reach the server", "Sign-up failed").bind(to: overlay.rx.toast)
                .disposed(by: bag)
            XCTAssertEqual(overlay.shown, ["Could not reach the server", "Sign-up failed"])
        }
    }

    /// The window is a RxGtk `Window` (presented and destroyed as one); its content, a header bar
    /// and a group of rows, stays alive with it.
    func testTheWindowKeepsItsContentAndIsARxGtkWindow() {
        MainActor.assumeIsolated {
            weak var weakGroup: PreferencesGroup?
            let window: Window = {
                let header = AdwaitaHeaderBar()
                header.packEnd(Button(label: "Menu"))
                let group = PreferencesGroup(title: "Account", description: "Who you are", [EntryRow(title: "Name")])
                weakGroup = group
                return Adwaita.window(title: "Test", content: Box(vertical: true, spacing: 0, [header, group]))
            }()
            window.present()
            XCTAssertNotNil(weakGroup, "the content lives as long as the window")
            window.destroy()
            XCTAssertTrue(window.isDestroyed)
        }
    }
}
