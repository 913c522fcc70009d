import CGtk
import Foundation
import RxSwift

/// A GTK widget, held by Swift: the wrapper keeps one reference to the widget and drops it when
/// the wrapper goes away. GTK is used from the main thread only, hence `@MainActor`.
@MainActor
open class Widget: ReactiveCompatible {
    /// The GTK widget. (Immutable; only used on the main thread.)
    public nonisolated(unsafe) let widget: UnsafeMutablePointer<GtkWidget>

    /// Wraps `widget`, taking a reference to it (sinking a floating one).
    ///
    /// - Parameter widget: The GTK widget.
    public init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        g_object_ref_sink(widget)
    }

    deinit {
        g_object_unref(widget)
    }

    /// The widget as a plain pointer, for GObject calls.
    public nonisolated var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(widget) }

    /// Connects `body` to `signal` until the returned connection is disconnected or the widget
    /// is finalized.
    func connect(signal: String, _ body: @escaping () -> Void) -> SignalConnection {
        SignalConnection(instance: object, signal: signal, body: body)
    }

    /// Whether the widget reacts to input.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget is shown.
    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Where this widget's top-left corner is in `ancestor`'s coordinates.
    ///
    /// - Parameter ancestor: The widget whose coordinates are used.
    public func origin(in ancestor: Widget) -> (x: Double, y: Double) {
        var x = 0.0
        var y = 0.0
        _ = gtk_widget_translate_coordinates(widget, ancestor.widget, 0, 0, &x, &y)
        return (x, y)
    }

    /// The widget's allocated size.
    public var size: (width: Int, height: Int) {
        (Int(gtk_widget_get_width(widget)), Int(gtk_widget_get_height(widget)))
    }
}

/// The pointer of a widget, cast to its GTK type (GTK 4 declares most widget types opaque).
extension Widget {
    func cast<T>(_: T.Type) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
    }

    var opaque: OpaquePointer { OpaquePointer(widget) }
}

/// A top-level window.
@MainActor
public final class Window: Widget {
    /// A new window titled `title` showing `child`.
    ///
    /// - Parameters:
    ///   - title: The window's title.
    ///   - child: The window's content.
    public init(title: String, child: Widget? = nil) {
        super.init(gtk_window_new())
        gtk_window_set_title(window, title)
        if let child { gtk_window_set_child(window, child.widget) }
    }

    /// Wraps `window`, a window made by another library on top of GTK (libadwaita's
    /// `AdwWindow`, say), titled `title`, taking a reference to it.
    ///
    /// - Parameters:
    ///   - window: The GTK window, an instance of `GtkWindow` or of a subclass.
    ///   - title: The window's title.
    public init(wrapping window: UnsafeMutablePointer<GtkWidget>, title: String) {
        super.init(window)
        gtk_window_set_title(self.window, title)
    }

    private var window: UnsafeMutablePointer<GtkWindow> { cast(GtkWindow.self) }

    /// Widgets kept alive as long as the window: content set by another library's call.
    private var kept: [Widget] = []

    /// Keeps `widget` (and so its bindings) alive as long as the window.
    ///
    /// - Parameter widget: A widget the window shows, set by a call other than this type's.
    public func keepAlive(_ widget: Widget) {
        kept.append(widget)
    }

    /// Shows the window.
    public func present() { gtk_window_present(window) }

    /// Sets the default size.
    ///
    /// - Parameters:
    ///   - width: The width, in pixels.
    ///   - height: The height, in pixels.
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, Int32(width), Int32(height))
    }

    /// Whether the window has a title bar and borders drawn by GTK.
    public var isDecorated: Bool {
        get { gtk_window_get_decorated(window) != 0 }
        set { gtk_window_set_decorated(window, newValue ? 1 : 0) }
    }

    /// The title bar set with `setTitleBar(_:)` (kept alive with the window).
    var titleBar: Widget?

    /// Whether `destroy()` was called.
    public private(set) var isDestroyed = false

    /// Closes and destroys the window.
    public func destroy() {
        isDestroyed = true
        gtk_window_destroy(window)
    }
}

/// A vertical or horizontal box of widgets.
@MainActor
public final class Box: Widget {
    private var children: [Widget] = []

    /// A box laying out `children` vertically (or horizontally) with `spacing` pixels between them.
    ///
    /// - Parameters:
    ///   - vertical: Whether the children are laid out vertically (otherwise horizontally).
    ///   - spacing: The space between children, in pixels.
    ///   - children: The widgets to add, in order.
    public init(vertical: Bool = true, spacing: Int = 6, _ children: [Widget] = []) {
        super.init(gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, Int32(spacing)))
        children.forEach(append)
    }

    /// Adds `child` at the end.
    ///
    /// - Parameter child: The widget to add.
    public func append(_ child: Widget) {
        children.append(child)
        gtk_box_append(cast(GtkBox.self), child.widget)
    }
}

/// A button with a label.
@MainActor
public final class Button: Widget {
    /// A button showing `label`.
    ///
    /// - Parameter label: The button's label.
    public init(label: String) {
        super.init(gtk_button_new_with_label(label))
    }

    /// The button's label.
    public var label: String {
        get { String(cString: gtk_button_get_label(cast(GtkButton.self))) }
        set { gtk_button_set_label(cast(GtkButton.self), newValue) }
    }

    /// Clicks the button (emits `clicked`, as a click by the user does).
    public func click() {
        rxgtk_emit(object, "clicked")
    }
}

/// A one-line text entry.
@MainActor
public final class Entry: Widget {
    /// An empty entry, with `placeholder` shown while it is empty.
    ///
    /// - Parameter placeholder: The text shown while the entry is empty.
    public init(placeholder: String? = nil) {
        super.init(gtk_entry_new())
        if let placeholder { gtk_entry_set_placeholder_text(cast(GtkEntry.self), placeholder) }
    }

    /// The entry's text.
    public var text: String {
        get { String(cString: gtk_editable_get_text(OpaquePointer(widget))) }
        set { gtk_editable_set_text(OpaquePointer(widget), newValue) }
    }

    /// Presses Enter in the entry, as a user would (GTK's `activate` signal).
    public func activate() {
        rxgtk_emit(object, "activate")
    }
}

/// A text label.
@MainActor
public final class Label: Widget {
    /// A label showing `text`.
    ///
    /// - Parameter text: The text shown.
    public init(_ text: String = "") {
        super.init(gtk_label_new(text))
    }

    /// The label's text.
    public var text: String {
        get { String(cString: gtk_label_get_text(opaque)) }
        set { gtk_label_set_text(opaque, newValue) }
    }

    /// The horizontal alignment of the text in the label: 0 left, 0.5 centred, 1 right.
    public var xAlign: Double {
        get { Double(gtk_label_get_xalign(opaque)) }
        set { gtk_label_set_xalign(opaque, Float(newValue)) }
    }

    /// The widest a wrapping label grows before it wraps, in characters (-1: no limit).
    public var maximumWidthInCharacters: Int {
        get { Int(gtk_label_get_max_width_chars(opaque)) }
        set { gtk_label_set_max_width_chars(opaque, Int32(newValue)) }
    }

    /// Whether long text wraps onto several lines.
    public var wraps: Bool {
        get { gtk_label_get_wrap(opaque) != 0 }
        set { gtk_label_set_wrap(opaque, newValue ? 1 : 0) }
    }
}

/// A check box.
@MainActor
public final class CheckButton: Widget {
    /// A check box labelled `label`.
    ///
    /// - Parameter label: The check box's label.
    public init(label: String) {
        super.init(gtk_check_button_new_with_label(label))
    }

    /// Whether it is checked.
    public var isOn: Bool {
        get { gtk_check_button_get_active(cast(GtkCheckButton.self)) != 0 }
        set { gtk_check_button_set_active(cast(GtkCheckButton.self), newValue ? 1 : 0) }
    }
}

/// An on/off switch.
@MainActor
public final class Switch: Widget {
    /// A switch, off.
    public init() {
        super.init(gtk_switch_new())
    }

    /// Whether it is on.
    public var isOn: Bool {
        get { gtk_switch_get_active(opaque) != 0 }
        set { gtk_switch_set_active(opaque, newValue ? 1 : 0) }
    }
}

/// A slider over a range of values.
@MainActor
public final class Scale: Widget {
    /// A horizontal slider from `min` to `max` in steps of `step`.
    ///
    /// - Parameters:
    ///   - min: The smallest value.
    ///   - max: The largest value.
    ///   - step: The step between values.
    public init(min: Double, max: Double, step: Double) {
        super.init(gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, min, max, step))
    }

    /// The current value.
    public var value: Double {
        get { gtk_range_get_value(cast(GtkRange.self)) }
        set { gtk_range_set_value(cast(GtkRange.self), newValue) }
    }
}

/// A numeric entry with up and down buttons.
@MainActor
public final class SpinButton: Widget {
    /// A spin button from `min` to `max` in steps of `step`.
    ///
    /// - Parameters:
    ///   - min: The smallest value.
    ///   - max: The largest value.
    ///   - step: The step between values.
    public init(min: Double, max: Double, step: Double) {
        super.init(gtk_spin_button_new_with_range(min, max, step))
    }

    /// The current value.
    public var value: Double {
        get { gtk_spin_button_get_value(opaque) }
        set { gtk_spin_button_set_value(opaque, newValue) }
    }
}

/// A vertical list of rows.
@MainActor
public final class ListBox: Widget {
    /// The row widgets, in order.
    public private(set) var rows: [Widget] = []

    /// An empty list.
    public init() {
        super.init(gtk_list_box_new())
    }

    /// Replaces the rows with `rows`.
    ///
    /// - Parameter rows: The row widgets.
    public func setRows(_ rows: [Widget]) {
        let list = opaque
        while let row = gtk_widget_get_first_child(widget) {
            gtk_list_box_remove(list, row)
        }
        self.rows = rows
        for row in rows { gtk_list_box_append(list, row.widget) }
    }

    /// The number of rows.
    public var rowCount: Int { rows.count }
}
