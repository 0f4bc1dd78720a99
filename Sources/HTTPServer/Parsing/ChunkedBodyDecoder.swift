import Core

/// Removes the chunked coding from a request body as its bytes arrive (RFC 9112, section 7.1):
/// chunk-size lines with optional extensions, the data, the last chunk and its trailer
/// section. Extensions and trailer fields are read and checked, then dropped: nothing a
/// handler sees comes from them.
///
/// It reads from the parser's buffer in place and leaves a line there until its LF arrives,
/// so it keeps no buffer of its own; what bounds it is the line limit, the body limit and the
/// trailer limit, each a 400, 413 or 431.
struct ChunkedBodyDecoder {
  /// The longest chunk-size line, extensions included.
  static let maximumLineBytes = 4 * 1024

  private enum State {
    case size
    case data(remaining: Int)
    case dataEnd
    case trailers(bytes: Int)
    case done
  }

  private var state = State.size
  /// The body so far.
  private(set) var body: [UInt8] = []
  let maximumBodyBytes: Int
  let maximumTrailerBytes: Int

  init(maximumBodyBytes: Int, maximumTrailerBytes: Int) {
    self.maximumBodyBytes = maximumBodyBytes
    self.maximumTrailerBytes = maximumTrailerBytes
  }

  /// Decodes from `buffer` at `index` as far as the bytes go, moving `index` past what it
  /// used.
  /// - Returns: whether the body is complete (`index` is then just past the trailers' blank
  ///   line).
  mutating func decode(_ buffer: [UInt8], at index: inout Int) throws(HTTPRequestFailure) -> Bool {
    while true {
      switch state {
      case .size:
        let tooLong = HTTPRequestFailure.malformed(
          "chunk-size line over \(Self.maximumLineBytes) bytes")
        guard
          let line = try Self.line(
            buffer, at: &index, limit: Self.maximumLineBytes, what: "a chunk-size line",
            tooLong: tooLong)
        else { return false }
        let size = try chunkSize(line)
        state = size == 0 ? .trailers(bytes: 0) : .data(remaining: size)
      case .data(let remaining):
        let taken = min(remaining, buffer.count - index)
        guard taken > 0 else { return false }
        body.append(contentsOf: buffer[index..<index + taken])
        index += taken
        state = taken == remaining ? .dataEnd : .data(remaining: remaining - taken)
      case .dataEnd:
        guard buffer.count - index >= 2 else { return false }
        guard buffer[index] == HTTPSyntax.carriageReturn, buffer[index + 1] == HTTPSyntax.lineFeed
        else {
          throw .malformed("chunk data longer than its size")
        }
        index += 2
        state = .size
      case .trailers(let bytes):
        let before = index
        let tooLong = HTTPRequestFailure.headTooLarge(
          "trailer section", limit: maximumTrailerBytes)
        guard
          let line = try Self.line(
            buffer, at: &index, limit: maximumTrailerBytes - bytes, what: "a trailer line",
            tooLong: tooLong)
        else { return false }
        guard !line.isEmpty else {
          state = .done
          return true
        }
        do throws(HTTPRequestFailure) {
          _ = try HTTPRequestHead.field(line)
        } catch {
          throw .malformed("trailer field \(error.details)")
        }
        state = .trailers(bytes: bytes + index - before)
      case .done:
        return true
      }
    }
  }

  /// The next line at `index` without its CR LF, moving `index` past it; nil until its LF
  /// has arrived.
  /// - Throws: 400 for a line not ended by CR LF; `tooLong` for one over `limit` bytes.
  private static func line(
    _ buffer: [UInt8], at index: inout Int, limit: Int, what: String,
    tooLong: HTTPRequestFailure
  ) throws(HTTPRequestFailure) -> ArraySlice<UInt8>? {
    // The line, its CR LF, and no more: a line that long without an LF is over the limit.
    let window = buffer[index..<min(buffer.count, index + max(limit, 0) + 2)]
    guard let lineFeed = window.firstIndex(of: HTTPSyntax.lineFeed) else {
      guard window.count < max(limit, 0) + 2 else { throw tooLong }
      return nil
    }
    guard lineFeed > index, buffer[lineFeed - 1] == HTTPSyntax.carriageReturn else {
      throw .malformed("\(what) ends in LF without CR")
    }
    let line = buffer[index..<(lineFeed - 1)]
    guard !line.contains(HTTPSyntax.carriageReturn) else {
      throw .malformed("\(what) holds a CR that does not end it")
    }
    index = lineFeed + 1
    return line
  }

  /// The size on a chunk-size line: hex digits, then optional blanks and `;` extensions.
  private func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPRequestFailure) -> Int {
    var size = 0
    var index = line.startIndex
    while index < line.endIndex, let digit = HexDigit.value(line[index]) {
      size = size * 16 + Int(digit)
      // Checked on every digit, so no size can overflow.
      guard body.count + size <= maximumBodyBytes else {
        throw .bodyTooLarge(limit: maximumBodyBytes)
      }
      index += 1
    }
    guard index > line.startIndex else { throw .malformed("a chunk size that is not hex digits") }
    let rest = HTTPSyntax.trimmingBlanks(line[index...])
    guard rest.isEmpty || rest.first == UInt8(ascii: ";") else {
      throw .malformed("a chunk size that is not hex digits")
    }
    guard rest.allSatisfy(HTTPSyntax.isFieldValueByte) else {
      throw .malformed("a control character in a chunk extension")
    }
    return size
  }
}
