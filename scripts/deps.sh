# Sourced by demo.sh and test.sh: installs the Debian packages they need, saying what it does.
# Usage: ensure_packages PACKAGE... (packages already installed are skipped by the caller).

ensure_packages() {
    [ $# -gt 0 ] || return 0
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "Needs $*, and this system has no apt-get: install them with your package manager." >&2
        return 1
    fi
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=sudo
        else
            echo "Needs $* (Debian packages), but this user is not root and sudo is not installed." >&2
            echo "Install them as root: apt-get install -y $*" >&2
            return 1
        fi
    fi
    echo "Installing $* (Debian packages; this can take a minute)…"
    echo "  apt-get update"
    $sudo apt-get update -qq || true
    echo "  apt-get install $*"
    # Shows one line per package as it is set up, instead of a long silence.
    { DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "$@" 2>&1 || true; } \
        | { grep --line-buffered -E "^(Setting up|E:)" || true; } | sed -u 's/^/    /'

    for package in "$@"; do
        if ! dpkg -s "$package" >/dev/null 2>&1; then
            echo "Could not install $package (no access to Debian's package archive?)." >&2
            return 1
        fi
    done
}

# Installs what a page check needs when missing: Chromium (headless, for the DOM and the
# screenshot) and ImageMagick (`identify`, for scripts/check-screenshot.sh).
ensure_page_tools() {
    local need=()
    command -v chromium >/dev/null || need+=(chromium)
    command -v identify >/dev/null || need+=(imagemagick)
    ensure_packages "${need[@]}"
}

# Turns RxGtk on for this shell's builds: OPENRX_GTK=1, and a gtk4.pc that keeps only the -I and
# -l flags (SwiftPM prints "prohibited flag(s): -pthread …" for the system one) first on
# PKG_CONFIG_PATH. Call it once GTK 4's development files are installed.
enable_gtk() {
    local dir="$PWD/.build/pkgconfig"
    mkdir -p "$dir"
    {
        echo "Name: gtk4"
        echo "Description: GTK 4 with the flags SwiftPM accepts (written by scripts/deps.sh)"
        echo "Version: $(pkg-config --modversion gtk4)"
        echo "Cflags: $(pkg-config --cflags-only-I gtk4)"
        echo "Libs: $(pkg-config --libs-only-L gtk4) $(pkg-config --libs-only-l gtk4)"
    } > "$dir/gtk4.pc"
    # libadwaita (the gallery's RxAdw), the same way, when it is installed.
    if pkg-config --exists libadwaita-1 2>/dev/null; then
        {
            echo "Name: libadwaita-1"
            echo "Description: libadwaita with the flags SwiftPM accepts (written by scripts/deps.sh)"
            echo "Version: $(pkg-config --modversion libadwaita-1)"
            echo "Cflags: $(pkg-config --cflags-only-I libadwaita-1)"
            echo "Libs: $(pkg-config --libs-only-L libadwaita-1) $(pkg-config --libs-only-l libadwaita-1)"
        } > "$dir/libadwaita-1.pc"
    fi
    export PKG_CONFIG_PATH="$dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    export OPENRX_GTK=1
}
