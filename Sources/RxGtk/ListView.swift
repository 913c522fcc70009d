import CGtk
import RxCocoa
import RxSwift

/// A scrollable list of text rows on a GTK list model (`GtkListView` over a `GtkStringList`):
/// rows are made only for what is on screen, so long lists stay cheap.
@MainActor
public final class ListView: Widget {
    /// The rows' texts, in order.
    public private(set) var items: [String] = []
    // Immutable, used on the main thread and released in deinit.
    private nonisolated(unsafe) let model: OpaquePointer
    private nonisolated(unsafe) let selection: OpaquePointer?
    private var connections: [SignalConnection] = []

    /// An empty list; `selectable` lets the user select one row.
    ///
    /// - Parameter selectable: Whether the user can select a row.
    public init(selectable: Bool = false) {
        model = gtk_string_list_new(nil)
        // One reference for this wrapper; the selection model takes the one `new` gave.
        g_object_ref(UnsafeMutableRawPointer(model))
        let selectionModel: OpaquePointer
        if selectable {
            let single = gtk_single_selection_new(model)!
            gtk_single_selection_set_autoselect(single, 0)
            gtk_single_selection_set_can_unselect(single, 1)
            g_object_ref(UnsafeMutableRawPointer(single))
            selection = single
            selectionModel = single
        } else {
            selection = nil
            selectionModel = gtk_no_selection_new(model)
        }
        let factory = gtk_signal_list_item_factory_new()!
        let list = gtk_list_view_new(selectionModel, factory)!
        super.init(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque, list)
        gtk_widget_add_css_class(list, "rich-list")
        connections = [
            SignalConnection(
                instance: UnsafeMutableRawPointer(factory), signal: "setup",
                handler: .pointer({ item in
                    guard let item else { return }
                    let label = gtk_label_new("")!
                    gtk_label_set_xalign(OpaquePointer(label), 0)
                    gtk_list_item_set_child(OpaquePointer(item), label)
                })),
            SignalConnection(
                instance: UnsafeMutableRawPointer(factory), signal: "bind",
                handler: .pointer({ item in
                    guard let item, let label = gtk_list_item_get_child(OpaquePointer(item)),
                        let row = gtk_list_item_get_item(OpaquePointer(item))
                    else { return }
                    gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(row)))
                })),
        ]
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(model))
        if let selection { g_object_unref(UnsafeMutableRawPointer(selection)) }
    }

    /// Replaces the rows with `items`. When the new rows extend the old ones (the next page of
    /// a paged list), only the new rows are added, and the list keeps its scroll position.
    ///
    /// - Parameter items: The rows' texts.
    public func setItems(_ items: [String]) {
        // The model's change may move or clear the selection; that is not the user's doing, so
        // `rx.selectedIndex` does not report it, and the selection is put back where it can be.
        let selected = selectedIndex
        isUpdatingItems = true
        defer {
            isUpdatingItems = false
        }
        let keep = items.starts(with: self.items) ? self.items.count : 0
        let added = items[keep...].map { strdup($0) } + [nil]
        defer { added.forEach { free($0) } }
        added.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_splice(model, guint(keep), guint(self.items.count - keep), $0)
            }
        }
        self.items = items
        if selected != selectedIndex { selectedIndex = items.indices.contains(selected) ? selected : -1 }
    }

    /// Whether `setItems` is changing the model (selection changes then are not the user's).
    private(set) var isUpdatingItems = false

    /// The index of the selected row (-1 for none; always -1 when not selectable).
    public var selectedIndex: Int {
        get {
            guard let selection else { return -1 }
            let selected = gtk_single_selection_get_selected(selection)
            return selected == GTK_INVALID_LIST_POSITION ? -1 : Int(selected)
        }
        set {
            guard let selection else { return }
            gtk_single_selection_set_selected(selection, newValue < 0 ? GTK_INVALID_LIST_POSITION : guint(newValue))
        }
    }

    var selectionObject: UnsafeMutableRawPointer { UnsafeMutableRawPointer(selection ?? model) }

    /// How far the list is scrolled down, in pixels.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(opaque)) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(opaque), newValue) }
    }
}

extension Reactive where Base: ListView {
    /// Sets the rows (see `ListView.setItems(_:)`).
    public var items: Binder<[String]> {
        Binder(base) { list, items in list.setItems(items) }
    }

    /// The index of the selected row: the current one, then every change (-1: none). Binding
    /// into it selects a row.
    public var selectedIndex: ControlProperty<Int> {
        controlProperty(
            changedBy: "notify::selected", on: { $0.selectionObject },
            getter: { $0.isUpdatingItems ? nil : $0.selectedIndex }, setter: { $0.selectedIndex = $1 })
    }

    /// Fires each time the list is scrolled to its last row (for loading the next page).
    public var reachedBottom: ControlEvent<Void> {
        edgeReached(GTK_POS_BOTTOM)
    }
}
