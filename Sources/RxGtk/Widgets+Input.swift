import CGtk
import RxCocoa
import RxSwift

/// A one-line entry whose text is hidden, with an icon to reveal it.
@MainActor
public final class PasswordEntry: Widget {
    /// An empty password entry, with `placeholder` shown while it is empty.
    ///
    /// - Parameter placeholder: The text shown while the entry is empty.
    public init(placeholder: String? = nil) {
        super.init(gtk_password_entry_new())
        gtk_password_entry_set_show_peek_icon(opaque, 1)
        if let placeholder { rxgtk_set_string_property(object, "placeholder-text", placeholder) }
    }

    /// The entry's text.
    public var text: String {
        get { String(cString: gtk_editable_get_text(opaque)) }
        set { gtk_editable_set_text(opaque, newValue) }
    }
}

extension Reactive where Base: PasswordEntry {
    /// The password: the current text on subscription, then every change. Binding into it sets
    /// the text.
    public var text: ControlProperty<String?> {
        controlProperty(
            changedBy: "notify::text", getter: { $0.text as String? }, setter: { $0.text = $1 ?? "" })
    }
}

/// A multi-line text editor.
@MainActor
public final class TextView: Widget {
    /// An empty text view, wrapping lines at word boundaries.
    public init() {
        super.init(gtk_text_view_new())
        gtk_text_view_set_wrap_mode(cast(GtkTextView.self), GTK_WRAP_WORD_CHAR)
    }

    var buffer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(textBuffer) }

    private var textBuffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(cast(GtkTextView.self))! }

    /// The text.
    public var text: String {
        get {
            let buffer = textBuffer
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
        set {
            // Replacing the text is a deletion and an insertion, each emitting `changed`; the
            // first would report an empty text that was never meant. `rx.text` skips both and
            // reports the final text, from the `changed` emitted here.
            isReplacingText = true
            gtk_text_buffer_set_text(textBuffer, newValue, -1)
            isReplacingText = false
            rxgtk_emit(buffer, "changed")
        }
    }

    /// Whether `text` is being replaced (its intermediate states are not reported).
    private(set) var isReplacingText = false
}

extension Reactive where Base: TextView {
    /// The text: the current text on subscription, then every change (typed or set). Binding
    /// into it replaces the text.
    public var text: ControlProperty<String> {
        controlProperty(
            changedBy: "changed", on: { $0.buffer }, getter: { $0.isReplacingText ? nil : $0.text },
            setter: { $0.text = $1 })
    }
}

/// A button that opens a list of strings to choose one from.
@MainActor
public final class DropDown: Widget {
    /// The choices.
    public let options: [String]

    /// A drop-down offering `options`, the first selected.
    ///
    /// - Parameter options: The choices, in order.
    public init(options: [String]) {
        self.options = options
        let strings = options.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        let model = strings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_drop_down_new_from_strings($0)
            }
        }
        super.init(model!)
    }

    /// The index of the selected option (-1 for none).
    public var selectedIndex: Int {
        get {
            let selected = gtk_drop_down_get_selected(opaque)
            return selected == GTK_INVALID_LIST_POSITION ? -1 : Int(selected)
        }
        set { gtk_drop_down_set_selected(opaque, newValue < 0 ? GTK_INVALID_LIST_POSITION : guint(newValue)) }
    }
}

extension Reactive where Base: DropDown {
    /// The index of the selected option: the current one, then every choice. Binding into it
    /// selects an option.
    public var selectedIndex: ControlProperty<Int> {
        controlProperty(
            changedBy: "notify::selected", getter: { $0.selectedIndex }, setter: { $0.selectedIndex = $1 })
    }
}
