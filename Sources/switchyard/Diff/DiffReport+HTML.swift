import ConfigEngine
import Core
import Foundation
import RootRouting

extension DiffReport {
  /// The report as one self-contained HTML page: the same content as the text, with bar
  /// charts in inline SVG (users per transition for each changed key and for routes; each
  /// screen's users before and after). Styles are inline; there are no scripts and nothing
  /// is fetched (no fonts, images, stylesheets or links), so the file reads the same opened
  /// from disk anywhere. Every text from outside is escaped (`HTMLText`).
  var html: String {
    let title = "switchyard diff: \(old.label) -> \(new.label)"
    var body: [String] = [
      "<h1>What the change does to users</h1>",
      #"<p class="sides"><code>\#(HTMLText.escaped(old.label))</code> &#8594; "#
        + #"<code>\#(HTMLText.escaped(new.label))</code></p>"#,
      #"<p class="population">\#(HTMLText.escaped(populationText))</p>"#,
      #"<section class="summary">"#,
      Self.figure(String(change.count), change.count == 1 ? "change" : "changes"),
      Self.figure(
        String(usersWithChangedValues),
        "users get another value (\(Self.share(usersWithChangedValues, of: population.users)))"),
      Self.figure(
        String(routes.changedUsers),
        "routed users change route (\(Self.share(routes.changedUsers, of: population.routed)))"),
      "</section>",
    ]
    body += changeHTML + valuesHTML + routesHTML
    body.append(
      "<footer>Written by <code>switchyard diff</code>. This page is the whole report: it runs "
        + "no script and fetches nothing.</footer>")
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(HTMLText.escaped(title))</title>
      <style>
      \(Self.style)
      </style>
      </head>
      <body>
      <main>
      \(body.joined(separator: "\n"))
      </main>
      </body>
      </html>
      """
  }

  /// A transition's label with an arrow for ` -> `: the text's spelling, drawn.
  private static func arrowed(_ label: String) -> String {
    label.replacingOccurrences(of: " -> ", with: " \u{2192} ")
  }

  private static func figure(_ number: String, _ label: String) -> String {
    #"<div class="figure"><span class="number">\#(number)</span>"#
      + #"<span class="what">\#(HTMLText.escaped(label))</span></div>"#
  }

  private var changeHTML: [String] {
    let entries = change.entries
    guard !entries.isEmpty else {
      return [
        "<h2>The change</h2>",
        "<p>None: the same parameters and conditions, in the same order.</p>",
      ]
    }
    var lines = ["<h2>The change</h2>", #"<ul class="changes">"#]
    for entry in entries {
      lines.append("<li>\(HTMLText.escaped(entry.title))")
      if !entry.details.isEmpty {
        lines.append("<ul>")
        lines += entry.details.map { "<li><code>\(HTMLText.escaped($0))</code></li>" }
        lines.append("</ul>")
      }
      lines.append("</li>")
    }
    lines.append("</ul>")
    return lines
  }

  private var valuesHTML: [String] {
    var lines = ["<h2>Values</h2>"]
    if values.isEmpty {
      lines.append("<p>No user's value changes.</p>")
    }
    for impact in values {
      lines.append(#"<section class="card">"#)
      lines.append(
        "<h3><code>\(HTMLText.escaped(impact.key))</code> "
          + #"<span class="count">\#(Self.users(impact.changedUsers)) "#
          + "(\(Self.share(impact.changedUsers, of: population.users)))</span></h3>")
      lines.append(
        Self.transitionChart(
          impact.transitions.map { ($0.label, $0.users) }, others: impact.otherTransitions,
          otherUsers: impact.otherUsers, title: "users per transition of \(impact.key)"))
      for (index, transition) in impact.transitions.enumerated() {
        lines.append(
          Self.example(
            open: index == 0,
            summary: "\(Self.arrowed(transition.label)): \(Self.users(transition.users))",
            user: userText(transition.example.number, transition.example.kind),
            before: ("before: " + DiffReport.shown(transition.from), transition.before),
            after: ("after: " + DiffReport.shown(transition.to), transition.after)))
      }
      lines.append("</section>")
    }
    if !unchangedKeys.isEmpty {
      lines.append(
        #"<p class="unchanged">Unchanged for every user: \#(unchangedKeys.count) "#
          + "\(Self.plural(unchangedKeys.count, "key")): "
          + unchangedKeys.map { "<code>\(HTMLText.escaped($0, length: 100))</code>" }
          .joined(separator: ", ") + "</p>")
    }
    return lines
  }

  private var routesHTML: [String] {
    var lines = ["<h2>Routes</h2>"]
    guard population.routed > 0 else {
      return lines + ["<p>No user was routed: the population holds context lines only.</p>"]
    }
    lines.append(#"<section class="card">"#)
    let summary = routesSummary.prefix(1).uppercased() + routesSummary.dropFirst()
    lines.append("<p>\(HTMLText.escaped(summary)).</p>")
    if routes.changedUsers > 0 {
      lines.append(
        Self.transitionChart(
          routes.transitions.map { ($0.transition.label, $0.users) },
          others: routes.otherTransitions, otherUsers: routes.otherUsers,
          title: "users per route transition"))
      for (index, change) in routes.transitions.enumerated() {
        func side(_ label: String, _ route: Route) -> (String, [String]) {
          ("\(label): \(Self.shown(route))", route.reasons.map(\.description))
        }
        lines.append(
          Self.example(
            open: index == 0,
            summary: "\(Self.arrowed(change.transition.label)): \(Self.users(change.users))",
            user: userText(change.number, .routed(change.example)),
            before: side("before", change.before), after: side("after", change.after)))
      }
    }
    lines.append("<h3>Screens before and after</h3>")
    lines.append(
      SVGBarChart(
        series: [("before", "bar before"), ("after", "bar after")],
        rows: routes.screens.map { SVGBarChart.Row(label: $0.name, values: [$0.before, $0.after]) }
      ).svg(title: "routed users per screen, before and after"))
    lines.append("</section>")
    return lines
  }

  /// Users per transition as a bar chart, with a bar for the transitions not listed.
  private static func transitionChart(
    _ listed: [(label: String, users: Int)], others: Int, otherUsers: Int, title: String
  ) -> String {
    var rows = listed.map { SVGBarChart.Row(label: arrowed($0.label), values: [$0.users]) }
    if others > 0 {
      rows.append(
        SVGBarChart.Row(
          label: "\(others) other \(plural(others, "transition"))", values: [otherUsers]))
    }
    return SVGBarChart(rows: rows).svg(title: title)
  }

  /// One example user in a `<details>` element: who it is, and each side's value or route
  /// with its reasons.
  private static func example(
    open: Bool, summary: String, user: String, before: (String, [String]),
    after: (String, [String])
  ) -> String {
    func side(_ cssClass: String, _ side: (String, [String])) -> String {
      #"<div class="\#(cssClass)"><h4>\#(HTMLText.escaped(side.0, length: 300))</h4><ul>"#
        + side.1.map { "<li>\(HTMLText.escaped($0))</li>" }.joined() + "</ul></div>"
    }
    return "<details\(open ? " open" : "")><summary>\(HTMLText.escaped(summary, length: 300))"
      + #"</summary><p class="user">e.g. \#(HTMLText.escaped(user))</p><div class="pair">"#
      + side("before", before) + side("after", after) + "</div></details>"
  }

  private static let style = """
    body { margin: 0; background: #f6f7f9; color: #1d2330;
      font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
    main { max-width: 1080px; margin: 0 auto; padding: 24px 32px 48px; }
    h1 { font-size: 26px; margin: 8px 0 4px; }
    h2 { font-size: 20px; margin: 32px 0 8px; border-bottom: 1px solid #d8dce3; padding-bottom: 4px; }
    h3 { font-size: 16px; margin: 20px 0 6px; }
    h3 .count { font-weight: normal; color: #5b6475; margin-left: 8px; }
    h4 { font-size: 14px; margin: 0 0 4px; word-break: break-word; }
    code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      background: #eceff3; padding: 1px 4px; border-radius: 3px; word-break: break-word; }
    .sides, .population { margin: 2px 0; color: #3b4352; }
    .summary { display: flex; gap: 16px; margin: 20px 0 8px; flex-wrap: wrap; }
    .figure { background: #fff; border: 1px solid #d8dce3; border-radius: 8px;
      padding: 12px 18px; min-width: 180px; }
    .figure .number { display: block; font-size: 28px; font-weight: 600; }
    .figure .what { color: #5b6475; }
    ul.changes { padding-left: 20px; }
    ul.changes li { margin: 3px 0; }
    section.card { background: #fff; border: 1px solid #d8dce3; border-radius: 8px;
      padding: 4px 18px 12px; margin: 14px 0; }
    svg.chart { display: block; margin: 8px 0; max-width: 100%; height: auto; }
    svg .label, svg .count, svg .legend { font: 13px system-ui, sans-serif; fill: #1d2330; }
    svg .bar { fill: #4a78c2; }
    svg .bar.before { fill: #9aa5b8; }
    svg .bar.after { fill: #e08a2c; }
    details { border-top: 1px solid #eceff3; padding: 6px 0; }
    summary { cursor: pointer; font-weight: 600; word-break: break-word; }
    .user { color: #3b4352; margin: 6px 0; word-break: break-word; }
    .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 14px; }
    .pair > div { border-radius: 6px; padding: 8px 12px; font-size: 13px; }
    .pair ul { margin: 0; padding-left: 18px; }
    .pair li { word-break: break-word; }
    .pair .before { background: #eef0f4; }
    .pair .after { background: #fdf1e3; }
    .unchanged { color: #3b4352; }
    footer { margin-top: 40px; color: #7a8394; font-size: 13px; }
    """
}
