// The C surface RxAdw uses: libadwaita 1.2 (Debian 12's), on top of GTK 4.
#if !__has_include(<adwaita.h>)
// SwiftPM found no libadwaita-1.pc: one message, nothing else.
#error "RxAdw needs libadwaita's development files: install them (Debian, Ubuntu: sudo apt-get install libadwaita-1-dev), then build again"
#else
#include <adwaita.h>
#endif
