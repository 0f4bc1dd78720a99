/// Consecutive input lines handed to one worker together: their bytes back to back, without
/// line terminators, and where each ends.
struct LineBatch: Sendable {
  /// The number of the batch's first line, counting from 1.
  let firstLineNumber: Int
  /// The lines' bytes, one after the other.
  private(set) var bytes: [UInt8] = []
  /// Where each line ends in `bytes`; each starts where the one before it ends.
  private(set) var ends: [Int] = []
  /// The positions in the batch of lines longer than a line may be: their bytes were dropped
  /// as they were read, and their answer is an error.
  private(set) var overlongLines: Set<Int> = []

  init(firstLineNumber: Int) {
    self.firstLineNumber = firstLineNumber
  }

  /// How many lines the batch holds.
  var count: Int { ends.count }

  /// How many bytes its lines hold.
  var byteCount: Int { bytes.count }

  /// Calls `body` with each line's number, its bytes and whether it was too long.
  func forEachLine(_ body: (Int, UnsafeBufferPointer<UInt8>, Bool) -> Void) {
    bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      for (position, end) in ends.enumerated() {
        body(
          firstLineNumber + position, UnsafeBufferPointer(rebasing: buffer[start..<end]),
          !overlongLines.isEmpty && overlongLines.contains(position))
        start = end
      }
    }
  }

  /// Adds a line: `pieces` are its bytes in order (a line can begin in one chunk of input
  /// and end in the next), a final carriage return dropped.
  mutating func appendLine(_ pieces: UnsafeBufferPointer<UInt8>...) {
    for piece in pieces { bytes.append(contentsOf: piece) }
    if bytes.count > (ends.last ?? 0), bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    ends.append(bytes.count)
  }

  /// Adds a line that was too long, without its bytes.
  mutating func appendOverlongLine() {
    overlongLines.insert(ends.count)
    ends.append(bytes.count)
  }
}
