import CGtk

/// How a widget is placed in the space its parent gives it.
public enum WidgetAlignment {
    /// Fills the space.
    case fill
    /// At the start (left, or top).
    case start
    /// At the end (right, or bottom).
    case end
    /// Centred.
    case center

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

extension Widget {
    /// Adds a CSS style class of the theme: `title-1`…`title-4`, `heading`, `dim-label`,
    /// `suggested-action`, `destructive-action`, `error`, `success`, `card`, `boxed-list`,
    /// `monospace`, `numeric`… Returns the widget, for building layouts in one expression.
    ///
    /// - Parameter classes: The names of the style classes.
    @discardableResult
    public func styled(_ classes: String...) -> Self {
        for name in classes { gtk_widget_add_css_class(widget, name) }
        return self
    }

    /// Removes a CSS style class.
    ///
    /// - Parameter name: The style class.
    public func removeStyle(_ name: String) {
        gtk_widget_remove_css_class(widget, name)
    }

    /// Whether the widget has the CSS style class `name`.
    ///
    /// - Parameter name: The style class.
    public func hasStyle(_ name: String) -> Bool {
        gtk_widget_has_css_class(widget, name) != 0
    }

    /// Sets the margins around the widget, in pixels. Returns the widget.
    ///
    /// - Parameters:
    ///   - top: The top margin.
    ///   - bottom: The bottom margin.
    ///   - start: The start (left) margin.
    ///   - end: The end (right) margin.
    @discardableResult
    public func margins(top: Int = 0, bottom: Int = 0, start: Int = 0, end: Int = 0) -> Self {
        gtk_widget_set_margin_top(widget, Int32(top))
        gtk_widget_set_margin_bottom(widget, Int32(bottom))
        gtk_widget_set_margin_start(widget, Int32(start))
        gtk_widget_set_margin_end(widget, Int32(end))
        return self
    }

    /// Sets the same margin on every side. Returns the widget.
    ///
    /// - Parameter all: The margin on every side.
    @discardableResult
    public func margins(_ all: Int) -> Self {
        margins(top: all, bottom: all, start: all, end: all)
    }

    /// Whether the widget takes extra horizontal and vertical space, and how it is aligned in
    /// the space it gets. Returns the widget.
    ///
    /// - Parameters:
    ///   - expandHorizontally: Whether the widget takes extra horizontal space (nil: unchanged).
    ///   - expandVertically: Whether the widget takes extra vertical space (nil: unchanged).
    ///   - horizontal: The horizontal alignment (nil: unchanged).
    ///   - vertical: The vertical alignment (nil: unchanged).
    @discardableResult
    public func layout(
        expandHorizontally: Bool? = nil, expandVertically: Bool? = nil, horizontal: WidgetAlignment? = nil,
        vertical: WidgetAlignment? = nil
    ) -> Self {
        if let expandHorizontally { gtk_widget_set_hexpand(widget, expandHorizontally ? 1 : 0) }
        if let expandVertically { gtk_widget_set_vexpand(widget, expandVertically ? 1 : 0) }
        if let horizontal { gtk_widget_set_halign(widget, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(widget, vertical.gtk) }
        return self
    }

    /// The smallest size GTK may give the widget, in pixels (-1: its natural size).
    public var minimumSize: (width: Int, height: Int) {
        get {
            var width: Int32 = -1
            var height: Int32 = -1
            gtk_widget_get_size_request(widget, &width, &height)
            return (Int(width), Int(height))
        }
        set { gtk_widget_set_size_request(widget, Int32(newValue.width), Int32(newValue.height)) }
    }

    /// A tooltip shown when the pointer rests on the widget.
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }
}
