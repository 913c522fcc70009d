import CGtk
import Foundation
import RxAdw
import RxCocoa
import RxGtk
import RxSwift

/// The header bar's menu: About and Quit.
@MainActor
func appMenu(for window: Window) -> Widget {
    let about = Button(label: "About OpenRx Gallery").styled("flat")
    let quit = Button(label: "Quit").styled("flat")
    let items = Box(spacing: 0, [about, quit])
    let popover = gtk_popover_new()!
    gtk_popover_set_child(typed(popover, GtkPopover.self), items.widget)
    let button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
    gtk_menu_button_set_popover(OpaquePointer(button), popover)
    gtk_widget_set_tooltip_text(button, "Main menu")
    let menu = Widget(button)
    about.rx.tap
        .subscribe(onNext: {
            gtk_popover_popdown(typed(popover, GtkPopover.self))
            presentAbout(over: window)
        })
        .disposed(by: menuBag)
    quit.rx.tap.subscribe(onNext: { gtk_window_close(typed(window.widget, GtkWindow.self)) }).disposed(by: menuBag)
    return menu
}

private let menuBag = DisposeBag()

/// libadwaita's About window for the gallery, over `window`.
@MainActor
func presentAbout(over window: Window) {
    Adwaita.presentAbout(
        AboutInformation(
            name: "OpenRx Gallery", version: "0.1.0", developer: "The OpenRx authors",
            comments:
                "RxSwift's example app on GTK 4 and libadwaita: view models from GalleryModels bound to widgets with RxCocoa's traits."
        ),
        over: window)
}

/// `widget` as a pointer to the GTK type it is an instance of.
private func typed<T>(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: T.Type) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: type)
}
