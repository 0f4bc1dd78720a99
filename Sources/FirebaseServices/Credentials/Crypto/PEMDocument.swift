/// One PEM block (RFC 7468): the label of its BEGIN line and the DER bytes of its body.
///
/// Reading is as lenient as OpenSSL about layout (text before the BEGIN line, blank lines,
/// spaces and CR around lines, any line length) and strict about content: the label must be
/// one asked for, the END line must match it, and the body must be canonical base64. Key files
/// carry the PEM inside a JSON string; when that text still holds its `\n` escapes (copied out
/// of the JSON into an environment variable or a config file), they count as line breaks.
struct PEMDocument: Sendable {
  /// The label, e.g. `PRIVATE KEY`.
  let label: String
  /// The decoded body.
  let der: [UInt8]

  /// The longest label considered one: RFC 7468 labels are short words.
  private static let maximumLabelLength = 64

  /// Reads the first PEM block in `text`, whose label must be one of `labels`.
  init(decoding text: some StringProtocol, labels: [String]) throws(PEMError) {
    let lines = Self.lines(of: Array(text.utf8))
    guard lines.contains(where: { !$0.isEmpty }) else { throw .empty }
    let beginPrefix = Array("-----BEGIN ".utf8)
    let dashes = Array("-----".utf8)
    guard let beginIndex = lines.firstIndex(where: { $0.starts(with: Array("-----BEGIN".utf8)) })
    else { throw .noBeginLine(expected: labels) }
    let isLastLine = lines[(beginIndex + 1)...].allSatisfy(\.isEmpty)
    let beginLine = lines[beginIndex]
    guard beginLine.starts(with: beginPrefix), beginLine.count > beginPrefix.count + dashes.count,
      beginLine.suffix(dashes.count).elementsEqual(dashes)
    else {
      if isLastLine { throw .cutOff(label: labels.first ?? "") }
      throw .malformedBeginLine(line: beginIndex + 1)
    }
    let labelBytes = beginLine.dropFirst(beginPrefix.count).dropLast(dashes.count)
    guard let label = Self.label(labelBytes) else {
      throw .malformedBeginLine(line: beginIndex + 1)
    }
    guard labels.contains(label) else { throw .wrongLabel(found: label, expected: labels) }
    let endLine = Array("-----END \(label)-----".utf8)
    var body: [UInt8] = []
    var lineIndex = beginIndex + 1
    while true {
      guard lineIndex < lines.count else { throw .cutOff(label: label) }
      let line = lines[lineIndex]
      defer { lineIndex += 1 }
      if line.isEmpty { continue }
      if line.starts(with: Array("-----END".utf8)) {
        if line.elementsEqual(endLine) { break }
        let isLast = lines[(lineIndex + 1)...].allSatisfy(\.isEmpty)
        if isLast && endLine.starts(with: line) { throw .cutOff(label: label) }
        let foundLabel =
          line.starts(with: Array("-----END ".utf8)) && line.count > 14
          ? Self.label(line.dropFirst(9).dropLast(5)) : nil
        throw .mismatchedEnd(label: label, found: foundLabel)
      }
      // RFC 1421 headers (`Proc-Type: 4,ENCRYPTED`, `DEK-Info: ...`) mark an encrypted key.
      if line.starts(with: Array("Proc-Type:".utf8)) || line.starts(with: Array("DEK-Info:".utf8)) {
        throw .encrypted
      }
      guard line.allSatisfy({ Base64.value(of: $0) != nil || $0 == UInt8(ascii: "=") }) else {
        throw .invalidBase64(line: lineIndex + 1)
      }
      body += line
    }
    guard !body.isEmpty else { throw .emptyBody }
    guard body.count % 4 == 0 else { throw .base64CutOff(characters: body.count) }
    guard let der = Base64.decode(body) else { throw .invalidBase64(line: nil) }
    self.label = label
    self.der = der
  }

  /// The text's lines with surrounding spaces, tabs and CRs removed; the two-character
  /// escapes `\n` and `\r` also end a line.
  private static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var normalized: [UInt8] = []
    normalized.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "n") || bytes[index + 1] == UInt8(ascii: "r")
      {
        normalized.append(UInt8(ascii: "\n"))
        index += 2
      } else {
        normalized.append(byte == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : byte)
        index += 1
      }
    }
    let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    return normalized.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      line in
      guard let first = line.firstIndex(where: { !isBlank($0) }),
        let last = line.lastIndex(where: { !isBlank($0) })
      else { return [] }
      return line[first...last]
    }
  }

  /// The label when it looks like one (capital letters, digits, spaces; short), else nil, so
  /// that messages quote labels and never arbitrary file contents.
  private static func label(_ bytes: some Collection<UInt8>) -> String? {
    guard !bytes.isEmpty, bytes.count <= maximumLabelLength,
      bytes.allSatisfy({
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: " ")
      })
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }
}
