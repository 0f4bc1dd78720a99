/// A numeric version such as `3.10.0`: one to five dot-separated segments of ASCII digits.
///
/// Segments compare as numbers, one by one, and missing segments count as zero, so
/// `3.10.0 > 3.9.0` and `1.2 == 1.2.0`. The value never allocates, so comparing versions
/// on a hot path (forced-update gates, version conditions) is free of heap traffic.
public struct SemanticVersion: Sendable, Hashable, Comparable {
  /// The most segments a version may have (Firebase's limit).
  public static let maximumSegmentCount = 5
  /// The most digits one segment may have, so every segment fits in 32 bits.
  public static let maximumSegmentDigits = 9

  private var storage: (UInt32, UInt32, UInt32, UInt32, UInt32)

  /// How many segments the version was written with (1...5); `description` prints that many.
  public private(set) var segmentCount: Int

  /// Creates a version from its segments, e.g. `[3, 10, 0]`.
  /// - Throws: `SemanticVersion.ParseError` when there are 0 or more than 5 segments or
  ///   a segment is negative or longer than 9 digits.
  public init(segments: [Int]) throws(ParseError) {
    let text = segments.map(String.init).joined(separator: ".")
    guard (1...Self.maximumSegmentCount).contains(segments.count) else {
      throw ParseError(input: text, problem: .segmentCount(segments.count))
    }
    storage = (0, 0, 0, 0, 0)
    segmentCount = 0
    for (index, segment) in segments.enumerated() {
      guard segment >= 0, segment <= 999_999_999 else {
        throw ParseError(input: text, problem: .invalidSegment(position: index + 1))
      }
      setSegment(UInt32(segment), at: index)
    }
    segmentCount = segments.count
  }

  /// Parses `"3.10.0"`, `"2"` or `"1.2.3.4.5"`.
  /// - Throws: `SemanticVersion.ParseError` naming the input for anything else: an empty
  ///   string, an empty segment (`1..2`), a non-digit (`a.b`, `-1`, `1.0-beta`), a sixth
  ///   segment, or a segment over nine digits.
  public init(parsing text: String) throws(ParseError) {
    try self.init(parsing: text[...])
  }

  /// Parses a substring; see `init(parsing:)`.
  public init(parsing text: Substring) throws(ParseError) {
    switch Self.scan(text.utf8) {
    case .success(let version): self = version
    case .failure(let problem): throw ParseError(input: String(text), problem: problem)
    }
  }

  /// Parses like `init(parsing:)` but returns nil instead of throwing (and, unlike it,
  /// never allocates: evaluators call this on every comparison).
  public init?(_ text: String) {
    self.init(text[...])
  }

  /// Parses a substring like `init(parsing:)`, returning nil instead of throwing.
  public init?(_ text: Substring) {
    guard case .success(let version) = Self.scan(text.utf8) else { return nil }
    self = version
  }

  private init(storage: (UInt32, UInt32, UInt32, UInt32, UInt32), segmentCount: Int) {
    self.storage = storage
    self.segmentCount = segmentCount
  }

  private enum ScanOutcome {
    case success(SemanticVersion)
    case failure(ParseError.Problem)
  }

  /// The parser proper. Concrete `String`/`Substring` entry points (not generic ones) let
  /// callers in other modules run specialised code; it never allocates.
  private static func scan(_ bytes: Substring.UTF8View) -> ScanOutcome {
    var version = SemanticVersion(storage: (0, 0, 0, 0, 0), segmentCount: 0)
    var segmentIndex = 0
    var digits = 0
    var value: UInt32 = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        guard digits <= maximumSegmentDigits else {
          return .failure(.segmentTooLong(position: segmentIndex + 1))
        }
        value = value * 10 + UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "."):
        guard digits > 0 else { return .failure(.emptySegment(position: segmentIndex + 1)) }
        guard segmentIndex + 1 < maximumSegmentCount else {
          return .failure(.segmentCount(maximumSegmentCount + 1))
        }
        version.setSegment(value, at: segmentIndex)
        segmentIndex += 1
        digits = 0
        value = 0
      default:
        return .failure(.invalidSegment(position: segmentIndex + 1))
      }
    }
    guard digits > 0 else {
      return .failure(segmentIndex == 0 ? .empty : .emptySegment(position: segmentIndex + 1))
    }
    version.setSegment(value, at: segmentIndex)
    version.segmentCount = segmentIndex + 1
    return .success(version)
  }

  /// The segment at `index` (0-based); segments past `segmentCount` are 0.
  public subscript(index: Int) -> Int {
    Int(segment(at: index))
  }

  /// The segments as written, e.g. `[3, 10, 0]`.
  public var segments: [Int] {
    (0..<segmentCount).map { self[$0] }
  }

  private func segment(at index: Int) -> UInt32 {
    switch index {
    case 0: storage.0
    case 1: storage.1
    case 2: storage.2
    case 3: storage.3
    case 4: storage.4
    default: 0
    }
  }

  private mutating func setSegment(_ value: UInt32, at index: Int) {
    switch index {
    case 0: storage.0 = value
    case 1: storage.1 = value
    case 2: storage.2 = value
    case 3: storage.3 = value
    default: storage.4 = value
    }
  }

  /// Versions are equal when every segment is, counting missing segments as 0.
  public static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    lhs.storage == rhs.storage
  }

  /// Compares segment by segment, numerically.
  public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    for index in 0..<maximumSegmentCount where lhs.segment(at: index) != rhs.segment(at: index) {
      return lhs.segment(at: index) < rhs.segment(at: index)
    }
    return false
  }

  /// Hashes the normalised segments, consistent with `==` (`1.2` and `1.2.0` hash alike).
  public func hash(into hasher: inout Hasher) {
    for index in 0..<Self.maximumSegmentCount { hasher.combine(segment(at: index)) }
  }
}

extension SemanticVersion: CustomStringConvertible {
  /// The version as written, without leading zeros: `"3.10.0"`.
  public var description: String {
    var text = ""
    for index in 0..<segmentCount {
      if index > 0 { text.append(".") }
      text.append(String(segment(at: index)))
    }
    return text
  }
}

extension SemanticVersion: Codable {
  /// Decodes from its string form, e.g. `"3.10.0"`; anything else is a decoding error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      self = try SemanticVersion(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes as its string form, e.g. `"3.10.0"`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension SemanticVersion {
  /// Why a string is not a version. The message names the input and the segment at fault.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Problem: Sendable, Equatable {
      /// The input was empty.
      case empty
      /// A segment (1-based) was empty, as in `1..2` or `1.`.
      case emptySegment(position: Int)
      /// A segment (1-based) held something other than ASCII digits.
      case invalidSegment(position: Int)
      /// A segment (1-based) had more than nine digits.
      case segmentTooLong(position: Int)
      /// The version had this many segments, outside 1...5.
      case segmentCount(Int)
    }

    /// The text that failed to parse.
    public let input: String
    /// What was wrong with it.
    public let problem: Problem

    /// Creates an error for `input`.
    public init(input: String, problem: Problem) {
      self.input = input
      self.problem = problem
    }

    /// For example `invalid version "1..2": segment 2 is empty`.
    public var description: String {
      let detail: String
      switch problem {
      case .empty: detail = "it is empty"
      case .emptySegment(let position): detail = "segment \(position) is empty"
      case .invalidSegment(let position):
        detail = "segment \(position) is not made of digits 0-9"
      case .segmentTooLong(let position): detail = "segment \(position) has more than 9 digits"
      case .segmentCount(let count): detail = "it has \(count) segments; 1 to 5 are allowed"
      }
      return "invalid version \"\(input)\": \(detail)"
    }
  }
}
