/// Why gzip data could not be inflated. Every case that points into the input carries the
/// byte offset (from the start of the whole input) where the problem was seen, so damaged
/// data can be found with a hex dump.
enum GzipError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Which of a deflate stream's Huffman codes is meant.
  enum Code: String, Sendable, Equatable {
    case codeLength = "code-length"
    case literalLength = "literal/length"
    case distance = "distance"
  }

  /// Which part of a gzip member the input ended in.
  enum Part: String, Sendable, Equatable {
    case header = "the member header"
    case deflate = "the compressed data"
    case trailer = "the member trailer"
  }

  /// The input ended inside `part`.
  case truncated(Part, offset: Int)
  /// A member does not start with the gzip magic `1f 8b` (the first member, or bytes after
  /// a complete member).
  case notGzip(offset: Int)
  /// The compression method is not 8 (deflate), the only one RFC 1952 defines.
  case unsupportedMethod(Int, offset: Int)
  /// A reserved flag bit is set; RFC 1952 says to refuse such a member.
  case reservedFlags(offset: Int)
  /// The header's CRC-16 (FHCRC) does not match the header.
  case headerChecksumMismatch(offset: Int)
  /// A deflate block of type 3, which does not exist.
  case invalidBlockType(offset: Int)
  /// A stored block whose length and its complement disagree.
  case storedLengthMismatch(offset: Int)
  /// A dynamic block declares more literal/length (over 286) or distance (over 30) codes
  /// than exist.
  case tooManyCodes(offset: Int)
  /// A code-length repeat with nothing before it to repeat, or running past the lengths.
  case invalidLengthRepeat(offset: Int)
  /// A Huffman code with more codes of some length than the bits allow.
  case oversubscribedCode(Code, offset: Int)
  /// A Huffman code that leaves bit patterns unused (allowed only for a lone one-bit code).
  case incompleteCode(Code, offset: Int)
  /// A dynamic block without a code for the end-of-block symbol.
  case missingEndOfBlock(offset: Int)
  /// Bits that are not a code of the block's table, or a code for a symbol deflate does
  /// not use (literal/length 286 and 287, distance 30 and 31).
  case invalidSymbol(Code, offset: Int)
  /// A back reference to before the start of the member's output.
  case distanceTooFarBack(distance: Int, available: Int, offset: Int)
  /// The trailer's CRC-32 is not the checksum of the inflated data.
  case checksumMismatch(expected: UInt32, actual: UInt32, offset: Int)
  /// The trailer's ISIZE is not the inflated length modulo 2^32.
  case sizeMismatch(expected: UInt32, actual: UInt32, offset: Int)
  /// The inflated data would pass the caller's limit, in bytes: inflating stopped there.
  case outputTooLarge(limit: Int)

  /// One line for a person, e.g. `the CRC-32 in the trailer (0x0000abcd) does not match the
  /// data (0x12345678), at byte 1234`.
  var description: String {
    switch self {
    case .truncated(let part, let offset):
      "the data ends inside \(part.rawValue), at byte \(offset)"
    case .notGzip(let offset):
      "no gzip member (magic 1f 8b) at byte \(offset)"
    case .unsupportedMethod(let method, let offset):
      "compression method \(method) is not deflate (8), at byte \(offset)"
    case .reservedFlags(let offset):
      "reserved header flag bits are set, at byte \(offset)"
    case .headerChecksumMismatch(let offset):
      "the header's CRC-16 does not match the header, at byte \(offset)"
    case .invalidBlockType(let offset):
      "invalid deflate block type 3, at byte \(offset)"
    case .storedLengthMismatch(let offset):
      "a stored block's length does not match its complement, at byte \(offset)"
    case .tooManyCodes(let offset):
      "a dynamic block declares more literal/length or distance codes than exist, at byte \(offset)"
    case .invalidLengthRepeat(let offset):
      "a code-length repeat has nothing to repeat or runs past the lengths, at byte \(offset)"
    case .oversubscribedCode(let code, let offset):
      "the \(code.rawValue) Huffman code is over-subscribed, at byte \(offset)"
    case .incompleteCode(let code, let offset):
      "the \(code.rawValue) Huffman code is incomplete, at byte \(offset)"
    case .missingEndOfBlock(let offset):
      "a dynamic block has no code for end-of-block, at byte \(offset)"
    case .invalidSymbol(let code, let offset):
      "an invalid \(code.rawValue) code, at byte \(offset)"
    case .distanceTooFarBack(let distance, let available, let offset):
      "a back reference to distance \(distance) reaches before the start of the member's data "
        + "(\(available) bytes so far), at byte \(offset)"
    case .checksumMismatch(let expected, let actual, let offset):
      "the CRC-32 in the trailer (\(hex(expected))) does not match the data (\(hex(actual))), "
        + "at byte \(offset)"
    case .sizeMismatch(let expected, let actual, let offset):
      "the size in the trailer (\(expected)) does not match the data (\(actual)), at byte \(offset)"
    case .outputTooLarge(let limit):
      "the inflated data is larger than the limit of \(limit) bytes"
    }
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
  }
}
