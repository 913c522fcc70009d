import Foundation
import RxSwift
import RxTest

/// Draws a marble diagram as SVG: the input timelines, the operator's box, the output timeline.
///
/// Time runs left to right from the subscription (200) to `end`. Elements are circles (or pills,
/// for longer labels) coloured by their label, completion a vertical bar, an error a red cross.
/// Events closer than a marble's width are pushed right so that every label stays readable.
struct MarbleSVG {
    static let width = 680.0
    static let left = 36.0
    static let right = 36.0
    static let lineHeight = 58.0
    static let boxHeight = 46.0
    static let radius = 15.0

    let title: String
    let label: String
    let inputs: [[Recorded<Event<String>>]]
    /// Whether the inputs are cold: drawn dashed, as each subscription would see them from its start.
    let cold: Bool
    /// The output timelines: one per subscriber.
    let outputs: [[Recorded<Event<String>>]]
    /// When each output's subscriber subscribed (its timeline starts there).
    let subscribed: [TestTime]
    let end: TestTime

    private static let palette = [
        "#f6c344", "#6cc0e5", "#fb7b7b", "#86d17a", "#b692f0", "#f5a25d", "#62d2c3", "#e58fc4",
    ]

    var svg: String {
        let height =
            16 + Double(inputs.count) * Self.lineHeight + Self.boxHeight + 12 + Double(outputs.count) * Self.lineHeight
            + 4
        var body = ""
        var y = 16 + Self.lineHeight / 2
        for input in inputs {
            body += timeline(input, y: y, dashed: cold)
            y += Self.lineHeight
        }
        let boxTop = y - Self.lineHeight / 2 + 6
        body += """
              <rect x="\(f(Self.left - 16))" y="\(f(boxTop))" width="\(f(Self.width - Self.left - Self.right + 32))" \
            height="\(f(Self.boxHeight))" rx="6" fill="#f3f4f7" stroke="#8a8f98"/>
              <text x="\(f(Self.width / 2))" y="\(f(boxTop + Self.boxHeight / 2 + 5))" text-anchor="middle" \
            font-family="Menlo, 'DejaVu Sans Mono', monospace" font-size="\(f(labelSize))" fill="#1d1d1f">\(escape(label))</text>

            """
        y = boxTop + Self.boxHeight + 12 + Self.lineHeight / 2
        for (output, start) in zip(outputs, subscribed) {
            body += timeline(output, y: y, from: start)
            y += Self.lineHeight
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(Self.width))" height="\(f(height))" \
            viewBox="0 0 \(f(Self.width)) \(f(height))" role="img">
              <title>\(escape(title))</title>
              <rect width="100%" height="100%" fill="#ffffff"/>
            \(body)</svg>

            """
    }

    /// 15 points, or less for a label that would not fit in the box.
    private var labelSize: Double {
        min(15, (Self.width - Self.left - Self.right) / (Double(label.count) * 0.61))
    }

    private func x(_ time: TestTime) -> Double {
        let span = Double(max(end - TestScheduler.Defaults.subscribed, 1))
        let usable = Self.width - Self.left - Self.right - 2 * Self.radius - 14
        return Self.left + Self.radius + Double(time - TestScheduler.Defaults.subscribed) / span * usable
    }

    private func timeline(
        _ events: [Recorded<Event<String>>], y: Double, from start: TestTime = TestScheduler.Defaults.subscribed,
        dashed: Bool = false
    ) -> String {
        let lineEnd = Self.width - Self.right + 8
        var out = """
              <line x1="\(f(x(start) - Self.radius - 12))" y1="\(f(y))" x2="\(f(lineEnd))" y2="\(f(y))" stroke="#3c3c43" \
            stroke-width="1.5"\(dashed ? " stroke-dasharray=\"6 4\"" : "")/>
              <path d="M\(f(lineEnd + 8)) \(f(y)) L\(f(lineEnd - 2)) \(f(y - 5)) L\(f(lineEnd - 2)) \(f(y + 5)) Z" \
            fill="#3c3c43"/>

            """
        var nextFree = -Double.infinity
        for recorded in events {
            let text = label(of: recorded.value)
            let half = halfWidth(of: text)
            let centre = max(x(recorded.time), nextFree + half)
            nextFree = centre + half + 3
            switch recorded.value {
            case .next(let value):
                let fill = Self.palette[value.unicodeScalars.reduce(0) { $0 + Int($1.value) } % Self.palette.count]
                out += """
                      <rect x="\(f(centre - half))" y="\(f(y - Self.radius))" width="\(f(2 * half))" \
                    height="\(f(2 * Self.radius))" rx="\(f(Self.radius))" fill="\(fill)" stroke="#3c3c43" \
                    stroke-width="1.5"/>
                      <text x="\(f(centre))" y="\(f(y + 5))" text-anchor="middle" \
                    font-family="Helvetica, 'DejaVu Sans', sans-serif" font-size="14" fill="#1d1d1f">\(escape(value))</text>

                    """
            case .completed:
                out += """
                      <line x1="\(f(centre))" y1="\(f(y - 14))" x2="\(f(centre))" y2="\(f(y + 14))" stroke="#3c3c43" \
                    stroke-width="2.5"/>

                    """
            case .error:
                out += """
                      <path d="M\(f(centre - 9)) \(f(y - 9)) L\(f(centre + 9)) \(f(y + 9)) M\(f(centre + 9)) \(f(y - 9)) \
                    L\(f(centre - 9)) \(f(y + 9))" stroke="#d70015" stroke-width="3" stroke-linecap="round"/>

                    """
            }
        }
        return out
    }

    private func label(of event: Event<String>) -> String {
        if case .next(let value) = event { return value }
        return ""
    }

    private func halfWidth(of text: String) -> Double {
        max(Self.radius, Double(text.count) * 4.2 + 8)
    }

    private func f(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
