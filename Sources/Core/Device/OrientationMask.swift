/// A set of orientations with UIKit's `UIInterfaceOrientationMask` raw values, so a value
/// computed here can be handed to UIKit unchanged.
public struct OrientationMask: OptionSet, Sendable, Hashable {
  /// UIKit's raw bits.
  public let rawValue: UInt

  /// Creates a mask from UIKit's raw bits.
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// Portrait (raw value 2).
  public static let portrait = OrientationMask(rawValue: 1 << 1)
  /// Portrait upside down (raw value 4).
  public static let portraitUpsideDown = OrientationMask(rawValue: 1 << 2)
  /// Landscape right (raw value 8).
  public static let landscapeRight = OrientationMask(rawValue: 1 << 3)
  /// Landscape left (raw value 16).
  public static let landscapeLeft = OrientationMask(rawValue: 1 << 4)
  /// Both landscape orientations.
  public static let landscape: OrientationMask = [.landscapeLeft, .landscapeRight]
  /// Every orientation except upside down: the iPhone default.
  public static let allButUpsideDown: OrientationMask = [.portrait, .landscape]
  /// All four orientations: the iPad default.
  public static let all: OrientationMask = [.portrait, .portraitUpsideDown, .landscape]

  /// Creates the mask holding exactly these orientations.
  public init(_ orientations: some Sequence<Orientation>) {
    self = orientations.reduce(into: []) { $0.insert($1.mask) }
  }

  /// Parses a list of names, each a short name or an Info.plist name.
  /// - Throws: `OrientationMask.UnknownName` naming the first entry that is neither.
  public init(names: some Sequence<some StringProtocol>) throws(UnknownName) {
    var mask: OrientationMask = []
    for (index, name) in names.enumerated() {
      guard let orientation = Orientation(name: name) else {
        throw UnknownName(name: String(name), index: index)
      }
      mask.insert(orientation.mask)
    }
    self = mask
  }

  /// The orientations in the mask, in a fixed order: portrait, portraitUpsideDown,
  /// landscapeLeft, landscapeRight.
  public var orientations: [Orientation] {
    Orientation.allCases.filter { contains($0.mask) }
  }

  /// Short names in the fixed order, e.g. `["landscapeLeft", "landscapeRight"]`.
  public var shortNames: [String] { orientations.map(\.shortName) }

  /// Info.plist names in the fixed order, e.g. `["UIInterfaceOrientationPortrait"]`.
  public var plistNames: [String] { orientations.map(\.plistName) }

  /// A name that is neither a short name nor an Info.plist orientation name.
  public struct UnknownName: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name as given.
    public let name: String
    /// Its 0-based position in the list.
    public let index: Int

    /// Creates an error for the entry `name` at `index`.
    public init(name: String, index: Int) {
      self.name = name
      self.index = index
    }

    /// For example `unknown orientation "sideways" at index 2`.
    public var description: String {
      "unknown orientation \"\(name)\" at index \(index); expected one of "
        + Orientation.allCases.map(\.shortName).joined(separator: ", ")
    }
  }
}

extension OrientationMask: CustomStringConvertible {
  /// The short names, e.g. `[portrait, landscapeLeft]`.
  public var description: String { "[" + shortNames.joined(separator: ", ") + "]" }
}

extension OrientationMask: Codable {
  /// Decodes a JSON array of orientation names (short or Info.plist).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let names = try container.decode([String].self)
    do {
      self = try OrientationMask(names: names)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes as a JSON array of short names.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(shortNames)
  }
}
