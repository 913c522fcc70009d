import CAdw
import CGtk
import RxCocoa
import RxGtk
import RxSwift

/// libadwaita, GNOME's widgets and style on top of GTK 4: the library's start, and its window.
///
/// RxAdw is an optional companion of RxGtk: an app that wants GNOME's current look adds the
/// `RxAdw` product (and libadwaita's development files, `libadwaita-1-dev`); RxGtk alone needs
/// neither.
@MainActor
public enum Adwaita {
    /// Starts libadwaita: its style sheet (boxed lists, `title-1`, `pill` buttons…) and its
    /// widgets. Call once, after `GtkMainLoop.start()` and before making any widget.
    public static func start() {
        adw_init()
    }

    /// A window in libadwaita's style (`AdwWindow`): no title bar of GTK's, rounded corners;
    /// `content` fills it and usually begins with an ``AdwaitaHeaderBar``.
    ///
    /// - Parameters:
    ///   - title: The window's title.
    ///   - content: What the window shows.
    /// - Returns: The window, usable wherever RxGtk takes a `Window`.
    public static func window(title: String, content: Widget) -> Window {
        let window = Window(wrapping: adw_window_new(), title: title)
        adw_window_set_content(window.typed(AdwWindow.self), content.widget)
        window.keepAlive(content)
        return window
    }
}

/// A widget pointer as the libadwaita type it is an instance of.
@MainActor
extension Widget {
    var adwaita: OpaquePointer { OpaquePointer(widget) }

    /// The widget pointer as a pointer to `T`, a libadwaita type GTK's headers define in full.
    func typed<T>(_: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
    }
}

/// libadwaita's header bar: the window's title in the middle, buttons at either end.
@MainActor
public final class AdwaitaHeaderBar: Widget {
    private var children: [Widget] = []

    /// A header bar showing the window's title.
    public init() {
        super.init(adw_header_bar_new())
    }

    /// Adds `child` at the bar's start (left).
    ///
    /// - Parameter child: The widget to add.
    public func packStart(_ child: Widget) {
        children.append(child)
        adw_header_bar_pack_start(adwaita, child.widget)
    }

    /// Adds `child` at the bar's end (right).
    ///
    /// - Parameter child: The widget to add.
    public func packEnd(_ child: Widget) {
        children.append(child)
        adw_header_bar_pack_end(adwaita, child.widget)
    }
}

/// A titled group of rows in a boxed list (`AdwPreferencesGroup`): how GNOME apps lay out forms.
@MainActor
public final class PreferencesGroup: Widget {
    private var rows: [Widget] = []

    /// An empty group titled `title`, described by `description` when given.
    ///
    /// - Parameters:
    ///   - title: The group's heading ("" for none).
    ///   - description: A line under the heading.
    ///   - rows: The rows, in order.
    public init(title: String = "", description: String? = nil, _ rows: [Widget] = []) {
        super.init(adw_preferences_group_new())
        adw_preferences_group_set_title(typed(AdwPreferencesGroup.self), title)
        if let description { adw_preferences_group_set_description(typed(AdwPreferencesGroup.self), description) }
        for row in rows { add(row) }
    }

    /// Adds `row` at the end of the group.
    ///
    /// - Parameter row: A row (``EntryRow``, ``PasswordEntryRow``…) or any widget.
    public func add(_ row: Widget) {
        rows.append(row)
        adw_preferences_group_add(typed(AdwPreferencesGroup.self), row.widget)
    }
}

/// A row of a boxed list that is a text field, its title inside it (`AdwEntryRow`).
@MainActor
public class EntryRow: Widget {
    /// An empty row titled `title`.
    ///
    /// - Parameter title: What the field is for, shown in the row.
    public convenience init(title: String) {
        self.init(adw_entry_row_new(), title: title)
    }

    init(_ row: UnsafeMutablePointer<GtkWidget>, title: String) {
        super.init(row)
        adw_preferences_row_set_title(typed(AdwPreferencesRow.self), title)
    }

    /// The row's text.
    public var text: String {
        get { String(cString: gtk_editable_get_text(adwaita)) }
        set { gtk_editable_set_text(adwaita, newValue) }
    }

    /// Widgets shown at the row's end, kept alive with it.
    private var suffixes: [Widget] = []

    /// Shows `widget` at the row's end, after the text (a validation message, a spinner).
    ///
    /// - Parameter widget: The widget to add.
    public func addSuffix(_ widget: Widget) {
        suffixes.append(widget)
        adw_entry_row_add_suffix(typed(AdwEntryRow.self), widget.widget)
    }
}

/// An ``EntryRow`` whose text is hidden, with a button that shows it (`AdwPasswordEntryRow`).
@MainActor
public final class PasswordEntryRow: EntryRow {
    /// An empty password row titled `title`.
    ///
    /// - Parameter title: What the field is for, shown in the row.
    public convenience init(title: String) {
        self.init(adw_password_entry_row_new(), title: title)
    }
}

extension Reactive where Base: EntryRow {
    /// The row's text: the current text on subscription, then every change (typed or set),
    /// reported once. Binding into it sets the text.
    public var text: ControlProperty<String?> {
        controlProperty(
            changedBy: "notify::text", getter: { $0.text as String? },
            setter: { row, text in row.text = text ?? "" })
    }
}

/// Shows toasts (`AdwToast`) over its child: short messages that go away by themselves, GNOME's
/// way of reporting an error that does not need an answer.
@MainActor
public final class ToastOverlay: Widget {
    private let child: Widget
    /// The messages shown so far, newest last (what tests read back).
    public private(set) var shown: [String] = []

    /// An overlay over `child`.
    ///
    /// - Parameter child: What the toasts are shown over.
    public init(child: Widget) {
        self.child = child
        super.init(adw_toast_overlay_new())
        adw_toast_overlay_set_child(adwaita, child.widget)
    }

    /// Shows `message` in a toast, for a few seconds.
    ///
    /// - Parameter message: The toast's text.
    public func show(_ message: String) {
        shown.append(message)
        adw_toast_overlay_add_toast(adwaita, adw_toast_new(message))
    }
}

extension Reactive where Base: ToastOverlay {
    /// Shows each message bound into it in a toast.
    public var toast: Binder<String> {
        Binder(base) { overlay, message in overlay.show(message) }
    }
}

/// What libadwaita's About window shows.
public struct AboutInformation: Sendable {
    /// The application's name.
    public var name: String
    /// Its version.
    public var version: String
    /// Who makes it.
    public var developer: String
    /// A sentence about it.
    public var comments: String
    /// Its web site.
    public var website: String?

    /// What the About window shows.
    ///
    /// - Parameters:
    ///   - name: The application's name.
    ///   - version: Its version.
    ///   - developer: Who makes it.
    ///   - comments: A sentence about it.
    ///   - website: Its web site.
    public init(name: String, version: String, developer: String, comments: String, website: String? = nil) {
        self.name = name
        self.version = version
        self.developer = developer
        self.comments = comments
        self.website = website
    }
}

extension Adwaita {
    /// Presents libadwaita's About window (`AdwAboutWindow`) over `window`, MIT licensed.
    ///
    /// - Parameters:
    ///   - information: What it shows.
    ///   - window: The window it belongs to (modal over it).
    public static func presentAbout(_ information: AboutInformation, over window: Window) {
        let about = adw_about_window_new()!
        let pointer = OpaquePointer(about)
        adw_about_window_set_application_name(pointer, information.name)
        adw_about_window_set_version(pointer, information.version)
        adw_about_window_set_developer_name(pointer, information.developer)
        adw_about_window_set_comments(pointer, information.comments)
        adw_about_window_set_license_type(pointer, GTK_LICENSE_MIT_X11)
        adw_about_window_set_application_icon(pointer, "applications-development")
        if let website = information.website { adw_about_window_set_website(pointer, website) }
        let aboutWindow = UnsafeMutableRawPointer(about).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_transient_for(
            aboutWindow, UnsafeMutableRawPointer(window.widget).assumingMemoryBound(to: GtkWindow.self))
        gtk_window_set_modal(aboutWindow, 1)
        gtk_window_present(aboutWindow)
    }
}
