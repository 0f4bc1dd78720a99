/// The API keys a responder accepts, as OFREP's two schemes send them: `Authorization: Bearer
/// KEY` or `X-API-Key: KEY`. Keys are compared in constant time and never written anywhere:
/// not in a response, an error or a description.
public struct OFREPAPIKeys: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  private let keys: [[UInt8]]

  /// Accepts any of `keys` (empty strings are ignored); none: every request is accepted.
  public init(_ keys: [String]) {
    self.keys = keys.filter { !$0.isEmpty }.map { Array($0.utf8) }
  }

  /// Whether no key is required.
  public var isEmpty: Bool { keys.isEmpty }

  /// How many keys, never the keys.
  public var description: String { "API keys (\(keys.count))" }

  /// The same as `description`.
  public var debugDescription: String { description }

  /// No children, so `dump` shows no key either.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

  /// Whether `request` carries an accepted key, in either header (every value of each is
  /// tried). Every key is compared with every credential, whatever matched first. The
  /// responder asks it of every request; a server asks it of its own routes that the same
  /// keys guard (the event stream `eventStreams` advertises), answering
  /// `OFREPResponder.unauthorized` when it is false.
  public func accepts(_ request: OFREPRequest) -> Bool {
    guard !keys.isEmpty else { return true }
    var credentials: [[UInt8]] = []
    for value in request.headerValues("authorization") {
      let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
      guard parts.count == 2, parts[0].lowercased() == "bearer" else { continue }
      credentials.append(Array(parts[1].trimmingSpaces.utf8))
    }
    for value in request.headerValues("x-api-key") {
      credentials.append(Array(value.trimmingSpaces.utf8))
    }
    var accepted = false
    for credential in credentials {
      for key in keys {
        let equal = Self.constantTimeEqual(credential, key)
        accepted = accepted || equal
      }
    }
    return accepted
  }

  /// Whether `given` equals `expected`, taking the same steps wherever they differ: every byte
  /// of `expected` is compared, and the differences are gathered without a branch on them, so
  /// the time says nothing about how much of a key was guessed right.
  static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
    var difference: UInt8 = given.count == expected.count ? 0 : 1
    for index in 0..<expected.count {
      let byte = index < given.count ? given[index] : ~expected[index]
      difference |= byte ^ expected[index]
    }
    return difference == 0
  }
}
