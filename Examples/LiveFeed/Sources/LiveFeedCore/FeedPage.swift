/// The page `GET /` serves: it opens `/feed` with the browser's `EventSource` and draws each
/// sensor's latest readings as a line, its latest value beside it, and the server's counters.
/// Its query goes to `/feed` (`/?sensor=sensor-1`), but for `stopAfter=N`, which closes the
/// stream after N readings: a still picture, for a headless browser's screenshot.
public enum FeedPage {
    /// The page's HTML (no external file: the script and style are inline).
    public static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>OpenRx live feed</title>
        <style>
        body { font: 15px system-ui, sans-serif; margin: 24px; background: #fafafa; color: #222; }
        h1 { font-size: 20px; margin: 0 0 4px; } p { margin: 4px 0 12px; color: #555; }
        canvas { background: #fff; border: 1px solid #ddd; }
        table { border-collapse: collapse; margin-top: 12px; } td, th { padding: 3px 12px; text-align: right; }
        th { text-align: left; } #status { font-weight: 600; }
        </style></head><body>
        <h1>OpenRx live feed</h1>
        <p>Readings from producer threads, through a <code>PublishSubject</code> and
        <code>share(replay: 1)</code>, served by Hummingbird as Server-Sent Events.
        Status: <span id="status">connecting</span> · events: <span id="count">0</span> ·
        clients on the server: <span id="clients">?</span></p>
        <canvas id="chart" width="820" height="300"></canvas>
        <table><thead><tr><th>sensor</th><td>latest</td><td>readings</td><td>sequence</td></tr></thead>
        <tbody id="rows"></tbody></table>
        <script>
        const colors = ["#d33", "#27c", "#2a2", "#c80", "#83c", "#0aa", "#a55", "#555"];
        const series = new Map(); let count = 0;
        // ?stopAfter=N closes the stream after N readings (a still picture for a headless browser,
        // which waits for the network to go quiet); the rest of the query goes to /feed.
        const query = new URLSearchParams(location.search);
        const stopAfter = Number(query.get("stopAfter") || 0); query.delete("stopAfter");
        const source = new EventSource("/feed" + (query.size ? "?" + query : ""));
        source.onopen = () => { document.getElementById("status").textContent = "live"; };
        source.onerror = () => { document.getElementById("status").textContent = "reconnecting"; };
        source.addEventListener("reading", (e) => {
          const r = JSON.parse(e.data); count++;
          let s = series.get(r.sensor);
          if (!s) { s = { values: [], n: 0, seq: 0, color: colors[series.size % colors.length] }; series.set(r.sensor, s); }
          s.values.push(r.value); if (s.values.length > 200) s.values.shift(); s.n++; s.seq = r.sequence;
          if (stopAfter && count >= stopAfter) {
            source.close(); document.getElementById("status").textContent = `live (still picture after ${count} readings)`;
            render(); // the still picture holds every reading, not those of the last animation frame
          }
        });
        function render() {
          const c = document.getElementById("chart"), g = c.getContext("2d");
          g.clearRect(0, 0, c.width, c.height);
          let lo = Infinity, hi = -Infinity;
          for (const s of series.values()) for (const v of s.values) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
          if (hi - lo < 1) { hi += 0.5; lo -= 0.5; }
          g.strokeStyle = "#eee"; g.lineWidth = 1;
          for (let i = 0; i <= 4; i++) { const y = 10 + i * (c.height - 20) / 4; g.beginPath(); g.moveTo(0, y); g.lineTo(c.width, y); g.stroke(); }
          for (const s of series.values()) {
            g.strokeStyle = s.color; g.lineWidth = 2; g.beginPath();
            s.values.forEach((v, i) => { const x = i * (c.width / 199), y = 10 + (hi - v) / (hi - lo) * (c.height - 20); i ? g.lineTo(x, y) : g.moveTo(x, y); });
            g.stroke();
          }
          document.getElementById("count").textContent = count;
          document.getElementById("rows").innerHTML = [...series.entries()].sort().map(([name, s]) =>
            `<tr><th style="color:${s.color}">${name}</th><td>${s.values[s.values.length - 1].toFixed(2)}</td><td>${s.n}</td><td>${s.seq}</td></tr>`).join("");
        }
        function draw() { render(); requestAnimationFrame(draw); }
        requestAnimationFrame(draw);
        const stats = () => fetch("/stats").then((r) => r.json()).then((s) => { document.getElementById("clients").textContent = s.clients; });
        stats(); setInterval(stats, 1000);
        </script></body></html>
        """
}
