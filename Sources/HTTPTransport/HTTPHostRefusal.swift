import Core

/// A URL whose host is not a DNS name or an IP address (see `HTTPHost`): where it points, as
/// far as that can be shown, and what is wrong. It never holds the URL's user information,
/// path or query, which may carry secrets. A value, not an error: it leaves HTTP inside
/// `HTTPError.invalidHost`, the module's one error type.
package struct HTTPHostRefusal: Sendable, Equatable, CustomStringConvertible {
  /// What is wrong with the host.
  enum Reason: Sendable, Equatable {
    /// There is no host.
    case empty
    /// The URL holds user information (`user:password@`) before its host.
    case userInformation
    /// A byte no host may hold, as decoded from its escape if it had one.
    case byte(UInt8)
    /// Two dots in a row, or a dot first.
    case emptyLabel
    /// A label longer than 63 bytes.
    case labelTooLong
    /// A name longer than 253 bytes.
    case nameTooLong
    /// A label that starts or ends with `-`.
    case hyphenAtLabelEnd
    /// A name whose last label is a number, but not an IPv4 address's dotted quad.
    case numeric
    /// Brackets around something that is not an IPv6 address.
    case notIPv6
    /// An IPv6 address with a zone (`%25eth0`).
    case zone
    /// A port that is not a number from 1 to 65535.
    case port
  }

  /// The scheme and the host and port as written (percent escapes kept), without user
  /// information (`HTTPHost.place`).
  let place: String
  /// What is wrong.
  let reason: Reason

  /// One line for a person, e.g. `http://127.0.0.1%00:8080: the host holds %00, which no
  /// host name or address holds`.
  package var description: String {
    let problem =
      switch reason {
      case .empty: "the URL has no host"
      case .userInformation:
        "the URL holds a user name or password before its host, which Switchyard never sends "
          + "(give credentials in a header)"
      case .byte(let byte):
        "the host holds \(Self.spelled(byte)), which no host name or address holds"
      case .emptyLabel: "the host has an empty label (a dot first, or two in a row)"
      case .labelTooLong: "the host has a label longer than 63 bytes"
      case .nameTooLong: "the host is longer than 253 bytes"
      case .hyphenAtLabelEnd: "the host has a label that starts or ends with '-'"
      case .numeric: "the host ends in a number but is not an IPv4 address of four decimal parts"
      case .notIPv6: "the host's brackets hold no IPv6 address"
      case .zone: "the host is an IPv6 address with a zone ('%'), which names no host"
      case .port: "the port is not a number from 1 to 65535"
      }
    return "\(place): \(problem)"
  }

  /// A printable byte in quotes (`'/'`), any other as its escape (`%0D`).
  private static func spelled(_ byte: UInt8) -> String {
    guard (0x21..<0x7F).contains(byte) else {
      let hex = String(byte, radix: 16, uppercase: true)
      return "%" + (hex.count == 1 ? "0" + hex : hex)
    }
    return "'\(Character(Unicode.Scalar(byte)))'"
  }
}
