// The C surface RxGtk uses: GTK 4 and GLib, plus the hooks libdispatch gives run-loop
// integrations (CoreFoundation uses the same two) to drain the main queue from another loop.
#if !__has_include(<gtk/gtk.h>)
// SwiftPM found no gtk4.pc, so GTK's headers are not on the search path: one message, nothing else.
#error "RxGtk needs GTK 4's development files: install them (Debian, Ubuntu: sudo apt-get install libgtk-4-dev), then build again"
#else
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/eventfd.h>

// libdispatch (linked by every Swift program on Linux): an eventfd that becomes readable when
// the main queue has work, and the function that runs that work.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

// g_signal_connect is a macro; this is its function form for Swift.
static inline gulong rxgtk_signal_connect(gpointer instance, const gchar *signal, GCallback handler, gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

// g_signal_emit_by_name is variadic; this emits a signal without arguments.
static inline void rxgtk_emit(gpointer instance, const gchar *signal) {
    g_signal_emit_by_name(instance, signal);
}

// g_object_set is variadic; this sets one string property.
static inline void rxgtk_set_string_property(gpointer object, const gchar *property, const gchar *value) {
    g_object_set(object, property, value, NULL);
}

#endif
