import Foundation

extension RxTrace.Recording {
    /// The stages in the order a picture shows them: each after the stage it feeds (depth first,
    /// in subscription order), with its depth.
    public var lanes: [(stage: RxTrace.Stage, depth: Int)] {
        let known = Set(stages.map(\.id))
        var children: [Int: [RxTrace.Stage]] = [:]
        var roots: [RxTrace.Stage] = []
        for stage in stages {
            if let parent = stage.parent, known.contains(parent) {
                children[parent, default: []].append(stage)
            } else {
                roots.append(stage)
            }
        }
        var result: [(stage: RxTrace.Stage, depth: Int)] = []
        func walk(_ list: [RxTrace.Stage], _ depth: Int) {
            for stage in list {
                result.append((stage, depth))
                walk(children[stage.id] ?? [], depth + 1)
            }
        }
        walk(roots, 0)
        return result
    }

    /// The recording as text marbles, one line per stage (indented under the stage it feeds),
    /// one column per moment something happened (virtual ticks, or milliseconds): `^` subscribed, a value for an element, `|`
    /// completed, `#` failed, `!` disposed; `-` while the subscription is alive. For terminals
    /// and test failures.
    ///
    /// ```text
    /// time                       0   300  500  800
    /// #1 trace “search”          ^----a----ab---|
    /// ```
    ///
    /// - Parameter lastMoments: Draws only the latest moments (columns), and only the stages with
    ///   an event among them: for a recording that goes on (a screen's chains, drawn live).
    ///   `nil` (the default) draws them all.
    public func marbles(lastMoments: Int? = nil) -> String {
        // A column per virtual tick, or per tenth of a millisecond of real time.
        let moment: (Int) -> Int = timeUnit == .virtual ? { $0 } : { $0 / 100_000 }
        var times = Array(Set(events.map { moment($0.time) })).sorted()
        if let lastMoments, times.count > lastMoments { times.removeFirst(times.count - max(0, lastMoments)) }
        let start = times.first ?? 0
        let events = lastMoments == nil ? events : events.filter { moment($0.time) >= start }
        let column = Dictionary(uniqueKeysWithValues: times.enumerated().map { ($1, $0) })
        var cells: [Int: [Int: String]] = [:] // stage → column → text
        for event in events {
            guard let index = column[moment(event.time)] else { continue }
            let mark: String
            switch event.kind {
            case .subscribed: mark = "^"
            case .next: mark = Self.short(event.value ?? "")
            case .completed: mark = "|"
            case .error: mark = "#"
            case .disposed: mark = "!"
            }
            let previous = cells[event.stage]?[index]
            cells[event.stage, default: [:]][index] = previous.map { $0 + "," + mark } ?? mark
        }
        // Real times in milliseconds (virtual ones as they are).
        let heads = times.map { time in
            timeUnit == .virtual ? "\(time)" : "\(Double(time) / 10)ms"
        }
        var widths = heads.map(\.count)
        for row in cells.values {
            for (index, text) in row { widths[index] = max(widths[index], text.count) }
        }
        let shown = Set(events.map(\.stage))
        let rows = lastMoments == nil ? lanes : lanes.filter { shown.contains($0.stage.id) }
        let labels = rows.map { String(repeating: "  ", count: $0.depth) + $0.stage.label }
        let labelWidth = max(4, labels.map(\.count).max() ?? 0)
        func pad(_ text: String, _ width: Int, _ fill: Character) -> String {
            text + String(repeating: fill, count: max(0, width - text.count))
        }
        var header =
            pad("time", labelWidth, " ") + "  "
            + times.indices.map { pad(heads[$0], widths[$0] + 1, " ") }.joined()
        while header.last == " " { header.removeLast() }
        var lines = [header]
        for (row, label) in zip(rows, labels) {
            let stage = row.stage
            let end = stage.ended ?? stage.disposed
            var line = pad(label, labelWidth, " ") + "  "
            for (index, time) in times.enumerated() {
                let alive = time >= moment(stage.subscribed) && (end.map { time < moment($0) } ?? true)
                let fill: Character = alive ? "-" : " "
                line += pad(cells[stage.id]?[index] ?? "", widths[index] + 1, fill)
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The recording in Chrome's Trace Event format (JSON): a track per stage (named after the
    /// stage, its id and the thread that subscribed it), holding one complete event
    /// (`"ph": "X"`) from its subscription to its end or disposal (to the recording's time while
    /// it is alive) and an instant event (`"ph": "i"`) per element, terminal event and disposal.
    /// Each track holds one slice, so slices never overlap on a track: a stage is disposed after
    /// the stages it feeds, and on a shared thread track those slices ended after their parents,
    /// which the format forbids. Perfetto (ui.perfetto.dev) and `chrome://tracing` open it. Times
    /// are in microseconds (virtual ticks count as microseconds).
    public func traceEventJSON() -> String {
        func micros(_ time: Int) -> Double {
            timeUnit == .nanoseconds ? Double(time) / 1000 : Double(time)
        }
        var traceEvents: [[String: Any]] = [
            ["name": "process_name", "ph": "M", "pid": 1, "tid": 0, "args": ["name": "OpenRx"]]
        ]
        let stagesByID = Dictionary(uniqueKeysWithValues: stages.map { ($0.id, $0) })
        for stage in stages {
            traceEvents.append([
                "name": "thread_name", "ph": "M", "pid": 1, "tid": stage.id,
                "args": ["name": "\(stage.label) #\(stage.id) (\(stage.thread))"],
            ])
            let end = stage.ended ?? stage.disposed ?? now
            var args: [String: Any] = ["stage": stage.id, "live": stage.isLive, "thread": stage.thread]
            if let parent = stage.parent { args["feeds"] = parent }
            if let place = stage.place { args["place"] = place }
            if let writtenAt = stage.writtenAt { args["written"] = writtenAt }
            traceEvents.append([
                "name": stage.label, "cat": "subscription", "ph": "X", "ts": micros(stage.subscribed),
                "dur": max(0, micros(end) - micros(stage.subscribed)), "pid": 1, "tid": stage.id, "args": args,
            ])
        }
        for event in events where event.kind != .subscribed {
            var args: [String: Any] = ["stage": event.stage, "thread": event.thread]
            if let value = event.value { args["value"] = value }
            if let stage = stagesByID[event.stage] { args["operator"] = stage.label }
            let name = event.value.map { "\(event.kind.name) \(Self.short($0))" } ?? event.kind.name
            traceEvents.append([
                "name": name, "cat": "event", "ph": "i", "s": "t", "ts": micros(event.time), "pid": 1,
                "tid": event.stage, "args": args,
            ])
        }
        let document: [String: Any] = ["traceEvents": traceEvents, "displayTimeUnit": "ms"]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The recording as a self-contained HTML page: a lane per stage (indented under the stage it
    /// feeds) with its marbles on a time axis (or evenly spaced, by a switch on the page), each
    /// marble's value, thread and time on hover, and the live subscriptions highlighted and
    /// listed with where they were written and where their chain was traced.
    ///
    /// - Parameter title: The page's title.
    public func html(title: String = "OpenRx trace") -> String {
        func optional(_ value: Any?) -> Any { value ?? NSNull() }
        let document: [String: Any] = [
            "timeUnit": timeUnit == .virtual ? "virtual" : "nanoseconds", "now": now,
            "stages": stages.map { stage -> [String: Any] in
                [
                    "id": stage.id, "parent": optional(stage.parent), "name": optional(stage.name), "kind": stage.kind,
                    "place": optional(stage.place), "written": optional(stage.writtenAt),
                    "subscribed": stage.subscribed, "thread": stage.thread,
                    "ended": optional(stage.ended), "disposed": optional(stage.disposed),
                ]
            },
            "events": events.map { event -> [String: Any] in
                [
                    "time": event.time, "stage": event.stage, "kind": event.kind.name, "value": optional(event.value),
                    "thread": event.thread,
                ]
            },
        ]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data("{}".utf8)
        let json = String(decoding: data, as: UTF8.self)
        let safe = json.replacingOccurrences(of: "</", with: "<\\/")
        let heading = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        return Self.page.replacingOccurrences(of: "@TITLE@", with: heading)
            .replacingOccurrences(of: "@TRACE@", with: safe)
    }

    /// A value cut to 12 characters for a marble (`""` for an empty one).
    static func short(_ value: String) -> String {
        if value.isEmpty { return "\"\"" }
        return value.count <= 12 ? value : String(value.prefix(11)) + "…"
    }

    private static let page = #"""
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>@TITLE@</title>
        <style>
        body{font:14px system-ui,-apple-system,sans-serif;margin:20px;color:#1f2328;background:#fff}
        h1{font-size:20px;margin:0 0 4px} #summary{color:#57606a;margin:0 0 12px}
        svg text{font:12px ui-monospace,SFMono-Regular,Menlo,monospace}
        .label{fill:#1f2328} .live{fill:#9a3412;font-weight:bold} .row:nth-child(odd) rect.band{fill:#f6f8fa}
        #tip{position:fixed;background:#24292f;color:#fff;padding:6px 8px;border-radius:6px;font:12px ui-monospace,monospace;
          pointer-events:none;display:none;white-space:pre;z-index:2}
        ul{font:13px ui-monospace,monospace} .none{color:#57606a}
        #lanes{display:flex;align-items:flex-start} #names{flex:none} #track{overflow-x:auto;flex:1 1 auto}
        </style></head><body>
        <h1>@TITLE@</h1><p id="summary"></p>
        <label><input type="checkbox" id="byOrder"> space events evenly (by order, not by time)</label>
        <div id="lanes"></div><div id="tip"></div>
        <h2>Live subscriptions</h2><ul id="live"></ul>
        <script>
        const trace = @TRACE@;
        const NS = "http://www.w3.org/2000/svg";
        const byId = new Map(trace.stages.map(s => [s.id, s]));
        const kids = new Map(), roots = [];
        for (const s of trace.stages) {
          if (s.parent != null && byId.has(s.parent)) { if (!kids.has(s.parent)) kids.set(s.parent, []); kids.get(s.parent).push(s); }
          else roots.push(s);
        }
        const rows = [];
        (function walk(list, depth) { for (const s of list) { rows.push([s, depth]); walk(kids.get(s.id) || [], depth + 1); } })(roots, 0);
        const unit = trace.timeUnit === "virtual" ? "" : " ns";
        const show = t => trace.timeUnit === "virtual" ? String(t) : (t / 1e6).toFixed(3) + " ms";
        const label = s => "#" + s.id + " " + s.kind + (s.name ? " “" + s.name + "”" : "") +
          (s.written && s.kind !== "trace" ? " (" + s.written.split("/").pop() + ")" : "");
        const places = (s, sep) => (s.written && s.written !== s.place ? sep + "written at " + s.written : "") +
          (s.place ? sep + "traced at " + s.place : "");
        const tip = document.getElementById("tip");
        function el(name, attrs, parent) { const e = document.createElementNS(NS, name);
          for (const k in attrs) e.setAttribute(k, attrs[k]); if (parent) parent.appendChild(e); return e; }
        function hover(e, text) {
          e.addEventListener("mousemove", ev => { tip.textContent = text; tip.style.display = "block";
            tip.style.left = (ev.clientX + 12) + "px"; tip.style.top = (ev.clientY + 12) + "px"; });
          e.addEventListener("mouseleave", () => tip.style.display = "none");
        }
        function draw() {
          const byOrder = document.getElementById("byOrder").checked;
          const times = [...new Set(trace.events.map(e => e.time).concat(trace.stages.map(s => s.subscribed), [trace.now]))].sort((a, b) => a - b);
          const left = 20 + Math.max(200, ...rows.map(([s, d]) => 6 + d * 14 + (label(s).length + 8) * 7.3)), width = Math.max(600, Math.min(2400, times.length * 46)), rowH = 30;
          const t0 = times[0] ?? 0, t1 = times[times.length - 1] ?? 1;
          let x = byOrder ? (t => left + 20 + times.indexOf(t) * (width - 40) / Math.max(1, times.length - 1))
                            : (t => left + 20 + (t1 === t0 ? 0 : (t - t0) * (width - 40) / (t1 - t0)));
          // The lane names in an SVG of their own beside the lanes, which scroll sideways under a
          // wide recording while the names stay in view.
          const height = rows.length * rowH + 30;
          const names = el("svg", {id: "names", width: left, height}), svg = el("svg", {width: width + 20, height});
          const shift = x; x = t => shift(t) - left;
          el("line", {x1: 0, x2: width, y1: 14, y2: 14, stroke: "#d0d7de"}, svg);
          const axis = el("text", {x: 0, y: 10, fill: "#57606a"}, svg); axis.textContent = "time →  " + show(t0) + " … " + show(t1);
          rows.forEach(([s, depth], i) => {
            const g = el("g", {class: "row"}, svg), y = 30 + i * rowH + rowH / 2, n = el("g", {class: "row name"}, names);
            el("rect", {class: "band", x: 0, y: y - rowH / 2, width: width + 20, height: rowH, fill: "none"}, g);
            el("rect", {class: "band", x: 0, y: y - rowH / 2, width: left, height: rowH, fill: "none"}, n);
            const live = s.ended == null && s.disposed == null;
            const t = el("text", {x: 6 + depth * 14, y: y + 4, class: live ? "live" : "label"}, n);
            t.textContent = label(s) + (live ? "  ● live" : "");
            hover(t, label(s) + "\nsubscribed " + show(s.subscribed) + " on " + s.thread + places(s, "\n") +
              (s.ended != null ? "\nended " + show(s.ended) : "") + (s.disposed != null ? "\ndisposed " + show(s.disposed) : "") + (live ? "\nstill alive" : ""));
            const end = s.ended ?? s.disposed ?? trace.now;
            el("line", {x1: x(s.subscribed), x2: x(end), y1: y, y2: y, stroke: live ? "#9a3412" : "#8c959f", "stroke-width": live ? 3 : 1.5}, g);
            for (const e of trace.events.filter(e => e.stage === s.id)) {
              const cx = x(e.time), info = e.kind + (e.value != null ? " " + e.value : "") + "\nstage " + label(s) + "\nthread " + e.thread + "\ntime " + show(e.time);
              let mark;
              if (e.kind === "next") {
                // Up to 8 characters whole, in a pill as wide as they are; longer ones cut to 7 and
                // an ellipsis (the whole value in the tip).
                const value = e.value ?? "", text = value.length > 8 ? value.slice(0, 7) + "…" : value;
                const w = Math.max(20, text.length * 7.3 + 10);
                mark = el("g", {}, g);
                el("rect", {x: cx - w / 2, y: y - 10, width: w, height: 20, rx: 10, fill: "#ddf4ff", stroke: "#0969da", "stroke-width": 1.5}, mark);
                const v = el("text", {x: cx, y: y + 4, "text-anchor": "middle", fill: "#0a3069"}, mark);
                v.textContent = text;
              } else if (e.kind === "completed") {
                mark = el("line", {x1: cx, x2: cx, y1: y - 11, y2: y + 11, stroke: "#1a7f37", "stroke-width": 3}, g);
              } else if (e.kind === "error") {
                mark = el("text", {x: cx, y: y + 5, "text-anchor": "middle", fill: "#cf222e", "font-size": 16}, g); mark.textContent = "✕";
              } else if (e.kind === "disposed") {
                mark = el("rect", {x: cx - 4, y: y - 4, width: 8, height: 8, fill: "#8c959f"}, g);
              } else {
                mark = el("circle", {cx, cy: y, r: 3, fill: "#57606a"}, g);
              }
              hover(mark, info);
            }
          });
          const track = document.createElement("div"); track.id = "track"; track.appendChild(svg);
          document.getElementById("lanes").replaceChildren(names, track);
        }
        const live = trace.stages.filter(s => s.ended == null && s.disposed == null);
        document.getElementById("summary").textContent = trace.stages.length + " subscriptions, " + trace.events.length +
          " events, " + live.length + " alive; times " + (trace.timeUnit === "virtual" ? "virtual" : "real");
        const list = document.getElementById("live");
        if (live.length === 0) { const li = document.createElement("li"); li.className = "none"; li.textContent = "none"; list.appendChild(li); }
        for (const s of live) { const li = document.createElement("li");
          li.textContent = label(s) + " — subscribed " + show(s.subscribed) + " on " + s.thread + places(s, ", "); list.appendChild(li); }
        // Real times are uneven (a first subscription is slow, a burst takes microseconds): evenly
        // spaced first; virtual times on their axis.
        document.getElementById("byOrder").checked = trace.timeUnit !== "virtual";
        document.getElementById("byOrder").addEventListener("change", draw);
        draw();
        </script></body></html>
        """#
}

extension RxTrace.Event.Kind {
    /// `next`, `completed`, … (the case's name), for the renderings.
    var name: String {
        switch self {
        case .subscribed: "subscribed"
        case .next: "next"
        case .completed: "completed"
        case .error: "error"
        case .disposed: "disposed"
        }
    }
}
