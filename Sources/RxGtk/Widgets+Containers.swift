import CGtk
import RxCocoa
import RxSwift

/// A title bar with widgets at its start and end, set as a window's title bar with
/// `Window.titleBar`.
@MainActor
public final class HeaderBar: Widget {
    private var children: [Widget] = []

    /// A header bar showing the window's title, or `title` (a widget) when given.
    ///
    /// - Parameter title: The widget shown in the middle of the bar (nil: the window's title).
    public init(title: Widget? = nil) {
        super.init(gtk_header_bar_new())
        if let title { setTitle(title) }
    }

    /// Shows `title` in the middle of the bar instead of the window's title.
    ///
    /// - Parameter title: The widget shown in the middle of the bar.
    public func setTitle(_ title: Widget) {
        children.append(title)
        gtk_header_bar_set_title_widget(opaque, title.widget)
    }

    /// Adds `child` at the bar's start (left).
    ///
    /// - Parameter child: The widget to add.
    public func packStart(_ child: Widget) {
        children.append(child)
        gtk_header_bar_pack_start(opaque, child.widget)
    }

    /// Adds `child` at the bar's end (right).
    ///
    /// - Parameter child: The widget to add.
    public func packEnd(_ child: Widget) {
        children.append(child)
        gtk_header_bar_pack_end(opaque, child.widget)
    }
}

extension Window {
    /// Sets the window's title bar (usually a `HeaderBar`).
    ///
    /// - Parameter bar: The title bar.
    public func setTitleBar(_ bar: Widget) {
        titleBar = bar
        gtk_window_set_titlebar(cast(GtkWindow.self), bar.widget)
    }
}

/// Pages of which one is shown at a time, each with a name and a title.
@MainActor
public final class Stack: Widget {
    /// The pages, in order.
    public private(set) var pages: [(name: String, title: String, child: Widget)] = []

    /// An empty stack; switching pages cross-fades.
    public init() {
        super.init(gtk_stack_new())
        gtk_stack_set_transition_type(opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }

    /// Adds a page named `name` (for code) and titled `title` (for people).
    ///
    /// - Parameters:
    ///   - child: The page's widget.
    ///   - name: The page's name, for code (`visiblePage`).
    ///   - title: The page's title, for people (shown by a `StackSidebar`).
    public func addPage(_ child: Widget, name: String, title: String) {
        pages.append((name, title, child))
        gtk_stack_add_titled(opaque, child.widget, name, title)
    }

    /// The name of the page shown.
    public var visiblePage: String {
        get { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } ?? "" }
        set { gtk_stack_set_visible_child_name(opaque, newValue) }
    }
}

extension Reactive where Base: Stack {
    /// The name of the page shown: its current value, then every switch; binding into it shows
    /// the named page.
    public var visiblePage: ControlProperty<String> {
        controlProperty(
            changedBy: "notify::visible-child-name", getter: { $0.visiblePage },
            setter: { $0.visiblePage = $1 })
    }
}

/// A sidebar listing a `Stack`'s page titles; selecting one shows that page.
@MainActor
public final class StackSidebar: Widget {
    private let stack: Stack

    /// A sidebar for `stack`.
    ///
    /// - Parameter stack: The stack whose pages the sidebar lists.
    public init(stack: Stack) {
        self.stack = stack
        super.init(gtk_stack_sidebar_new())
        gtk_stack_sidebar_set_stack(opaque, stack.opaque)
    }
}

/// A scrollable view of one child, with scroll bars when the child is larger.
@MainActor
public final class ScrolledWindow: Widget {
    private let child: Widget?

    /// A scrolled window around `child`, scrolling vertically only.
    ///
    /// - Parameter child: The widget scrolled.
    public init(_ child: Widget? = nil) {
        self.child = child
        super.init(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        if let child { gtk_scrolled_window_set_child(opaque, child.widget) }
    }

    /// How far the view is scrolled down, in pixels.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(opaque)) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(opaque), newValue) }
    }
}

extension Reactive where Base: ScrolledWindow {
    /// Fires each time the view is scrolled to its bottom edge (for loading the next page).
    public var reachedBottom: ControlEvent<Void> {
        edgeReached(GTK_POS_BOTTOM)
    }
}

extension Reactive where Base: Widget {
    /// A scrolled window's `edge-reached` signal for `edge`.
    func edgeReached(_ edge: GtkPositionType) -> ControlEvent<Void> {
        let events = signalValues("edge-reached", startWithCurrent: false, argument: .integer) { _, position in
            UInt32(bitPattern: position) == edge.rawValue
        }
        return ControlEvent(events: events.filter { $0 }.map { _ in () })
    }
}

/// Widgets laid out in rows and columns.
@MainActor
public final class Grid: Widget {
    private var children: [Widget] = []

    /// An empty grid with `spacing` pixels between rows and columns; `homogeneous` gives every
    /// row the same height and every column the same width.
    ///
    /// - Parameters:
    ///   - spacing: The space between children, in pixels.
    ///   - homogeneous: Whether every row has the same height and every column the same width.
    public init(spacing: Int = 6, homogeneous: Bool = false) {
        super.init(gtk_grid_new())
        gtk_grid_set_row_spacing(cast(GtkGrid.self), guint(spacing))
        gtk_grid_set_column_spacing(cast(GtkGrid.self), guint(spacing))
        gtk_grid_set_row_homogeneous(cast(GtkGrid.self), homogeneous ? 1 : 0)
        gtk_grid_set_column_homogeneous(cast(GtkGrid.self), homogeneous ? 1 : 0)
    }

    /// Places `child` at `column`, `row`, spanning `width` columns and `height` rows.
    ///
    /// - Parameters:
    ///   - child: The widget to place.
    ///   - column: The column, from 0.
    ///   - row: The row, from 0.
    ///   - width: How many columns the child spans.
    ///   - height: How many rows the child spans.
    public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
        children.append(child)
        gtk_grid_attach(cast(GtkGrid.self), child.widget, Int32(column), Int32(row), Int32(width), Int32(height))
    }
}

/// A thin line between widgets.
@MainActor
public final class Separator: Widget {
    /// A separator; `vertical` draws a vertical line (between widgets side by side).
    ///
    /// - Parameter vertical: Whether the line is vertical (between widgets side by side).
    public init(vertical: Bool = false) {
        super.init(gtk_separator_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL))
    }
}
