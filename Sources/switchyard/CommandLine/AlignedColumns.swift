/// Formats rows of text as left-aligned columns separated by two spaces: the tool's
/// output for people.
enum AlignedColumns {
  /// One line per row; every column but the last is padded to its widest cell.
  static func format(_ rows: [[String]], indent: Int = 0) -> [String] {
    let columnCount = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columnCount)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    let prefix = String(repeating: " ", count: indent)
    return rows.map { row in
      var line = prefix
      for (column, cell) in row.enumerated() {
        if column == row.count - 1 {
          line += cell
        } else {
          line += cell + String(repeating: " ", count: widths[column] - cell.count + 2)
        }
      }
      return line
    }
  }
}
