/// A horizontal bar chart as inline SVG: a row per bar, its label on the left and its count
/// on the right, bars scaled to the largest. One or more series per row (before and after).
/// Drawn from numbers and escaped labels only, so a page holding it fetches nothing.
struct SVGBarChart {
  /// One row: its label and a value per series.
  struct Row {
    let label: String
    let values: [Int]
  }

  /// The series' names, for the legend (none for one series), and their CSS classes.
  var series: [(name: String, cssClass: String)] = [("", "bar")]
  let rows: [Row]
  var labelWidth = 300
  var barWidth = 380
  var barHeight = 18

  /// The chart's `<svg>` element; `title` is what a screen reader announces.
  func svg(title: String) -> String {
    let maximum = max(1, rows.flatMap(\.values).max() ?? 1)
    let perRow = barHeight * series.count + 10
    let legend = series.count > 1 ? 24 : 0
    let width = labelWidth + barWidth + 90
    let height = legend + perRow * rows.count + 4
    var parts = [
      #"<svg class="chart" role="img" width="\#(width)" height="\#(height)" "#
        + #"viewBox="0 0 \#(width) \#(height)"><title>\#(HTMLText.escaped(title))</title>"#
    ]
    if series.count > 1 {
      for (index, entry) in series.enumerated() {
        let x = labelWidth + index * 120
        parts.append(
          #"<rect class="\#(entry.cssClass)" x="\#(x)" y="4" width="14" height="14"/>"#
            + #"<text class="legend" x="\#(x + 20)" y="16">\#(HTMLText.escaped(entry.name))</text>"#
        )
      }
    }
    for (rowIndex, row) in rows.enumerated() {
      let top = legend + rowIndex * perRow
      let middle = top + (barHeight * series.count) / 2 + 5
      parts.append(
        #"<text class="label" x="\#(labelWidth - 10)" y="\#(middle)" text-anchor="end">"#
          + #"<title>\#(HTMLText.escaped(row.label))</title>"#
          + "\(HTMLText.escaped(row.label, length: 40))</text>")
      for (index, value) in row.values.enumerated() {
        let y = top + index * barHeight
        let length = value == 0 ? 0 : max(2, value * barWidth / maximum)
        let cssClass = series[min(index, series.count - 1)].cssClass
        parts.append(
          #"<rect class="\#(cssClass)" x="\#(labelWidth)" y="\#(y)" width="\#(length)" "#
            + #"height="\#(barHeight - 3)" rx="2"/>"#
            + #"<text class="count" x="\#(labelWidth + length + 6)" y="\#(y + barHeight - 6)">"#
            + "\(value)</text>")
      }
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n")
  }
}
