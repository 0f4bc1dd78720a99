import Core
package import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The host and port a URL sends a request to, checked once where the URL enters: the
/// request an exchange opens, and each redirect's `Location`. It is the one value the secret
/// guard, the resolver, TLS (SNI and the certificate's name), `Host`, `CONNECT` and
/// `no_proxy` use; none of them reads `url.host`.
///
/// A host is a DNS name or an IP address, decided on the URL as written (`absoluteString`,
/// percent escapes and all), because Foundation's `url.host` is percent-decoded, and its
/// other spellings differ between Apple's systems and Linux:
/// - a name: labels of ASCII letters, digits, `-` (neither first nor last) and `_` (outside
///   the letter of DNS's rules, but in real names such as service records and container
///   names, and accepted by curl and browsers), 1 to 63 bytes each, at most 253 bytes in
///   all, and one trailing dot allowed. Percent escapes are decoded first and held to the
///   same rule. A name whose last label is a number (`127.1`, `2130706433`, `0x7f.1`) is
///   refused: the resolver would read it as an address spelled in a way no check here does.
/// - an IPv4 address as `inet_pton` reads it (a dotted quad of decimal numbers);
/// - an IPv6 address in brackets, without a zone (`%25eth0`: a zone names an interface of
///   this machine, not a host).
///
/// Everything else is refused with `HTTPError.invalidHost` and an `HTTPHostRefusal`: an
/// empty host, a URL with user information (`user:password@`, which is never sent), a byte
/// outside those rules however it is escaped (NUL, CR, LF, space, `%`, `/`, `@`...), and a
/// port outside 1 to 65535.
/// Names are lower-cased: DNS ignores case, and origins and `no_proxy` compare them.
package struct HTTPHost: Sendable, Hashable {
  /// What the host is.
  enum Kind: Sendable, Hashable {
    case name
    case ipv4
    case ipv6
  }

  /// The name or address as it is resolved and sent in `Host`: lower-cased, an IPv6 address
  /// without its brackets, a name's trailing dot kept.
  package let name: String
  /// Whether `name` is a DNS name or an address.
  let kind: Kind
  /// The URL's port, or the scheme's (443 for https, 80 for http).
  let port: Int
  /// Whether `port` is the scheme's, so `Host` leaves it out.
  let isDefaultPort: Bool

  /// The host of `url`, checked. (The tool checks its URL options with it too, so a bad host
  /// is a usage error before anything runs.)
  /// - Throws: `HTTPError.invalidHost` with the refusal, naming the URL by its scheme and
  ///   host as written (never its user information, path or query) and saying what is wrong:
  ///   HTTP's one error type, so no caller outside this module catches another.
  package init(_ url: URL) throws(HTTPError) {
    let scheme = url.scheme?.lowercased() ?? ""
    let authority = Self.writtenAuthority(of: url)
    let shown = Self.withoutUserInformation(authority)
    func refuse(_ reason: HTTPHostRefusal.Reason) -> HTTPError {
      .invalidHost(HTTPHostRefusal(place: Self.place(of: url), reason: reason))
    }
    guard shown.count == authority.count else { throw refuse(.userInformation) }

    let hostText: Substring.UTF8View
    let portText: Substring.UTF8View
    let kind: Kind
    var name: [UInt8]
    if authority.first == UInt8(ascii: "[") {
      guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
        throw refuse(.notIPv6)
      }
      hostText = authority[authority.index(after: authority.startIndex)..<close]
      let rest = authority[authority.index(after: close)...]
      guard rest.isEmpty || rest.first == UInt8(ascii: ":") else {
        throw refuse(.byte(rest.first ?? 0))
      }
      portText = rest.dropFirst()
      guard !hostText.contains(UInt8(ascii: "%")) else { throw refuse(.zone) }
      guard Self.address(family: AF_INET6, String(decoding: hostText, as: UTF8.self)) != nil
      else { throw refuse(.notIPv6) }
      kind = .ipv6
      name = Array(hostText)
    } else {
      let colon = authority.firstIndex(of: UInt8(ascii: ":")) ?? authority.endIndex
      hostText = authority[..<colon]
      portText = authority[colon...].dropFirst()
      guard let decoded = PercentEncoding.decode(bytes: hostText) else {
        throw refuse(.byte(UInt8(ascii: "%")))
      }
      name = decoded
      guard !name.isEmpty else { throw refuse(.empty) }
      if Self.address(family: AF_INET, String(decoding: name, as: UTF8.self)) != nil {
        kind = .ipv4
      } else {
        if let problem = Self.nameProblem(name) { throw refuse(problem) }
        kind = .name
      }
    }
    for index in name.indices where (0x41...0x5A).contains(name[index]) {
      name[index] += 0x20
    }

    let defaultPort = scheme == "https" ? 443 : 80
    var port = defaultPort
    if !portText.isEmpty {
      guard portText.count <= 5, portText.allSatisfy({ (0x30...0x39).contains($0) }),
        let value = Int(String(decoding: portText, as: UTF8.self)), (1...65_535).contains(value)
      else { throw refuse(.port) }
      port = value
    }
    self.name = String(decoding: name, as: UTF8.self)
    self.kind = kind
    self.port = port
    isDefaultPort = port == defaultPort
  }

  /// How a message names `url`: its scheme and its host and port as written, without user
  /// information, path or query, any of which may hold a secret (`https://a.test:8443`).
  package static func place(of url: URL) -> String {
    let shown = withoutUserInformation(writtenAuthority(of: url))
    return (url.scheme?.lowercased() ?? "") + "://"
      + Excerpt.of(String(decoding: shown, as: UTF8.self))
  }

  /// The authority of `url` as written (`absoluteString`): after `scheme://`, up to the path,
  /// the query or the fragment; empty when the URL has no `//`.
  private static func writtenAuthority(of url: URL) -> Substring.UTF8View {
    let text = url.absoluteString[...].utf8
    guard let colon = text.firstIndex(of: UInt8(ascii: ":")),
      text[text.index(after: colon)...].starts(with: "//".utf8)
    else { return text[text.endIndex...] }
    let start = text.index(colon, offsetBy: 3)
    let end =
      text[start...].firstIndex {
        $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
      } ?? text.endIndex
    return text[start..<end]
  }

  /// `authority` without the user information before its host.
  private static func withoutUserInformation(
    _ authority: Substring.UTF8View
  ) -> Substring.UTF8View {
    guard let at = authority.lastIndex(of: UInt8(ascii: "@")) else { return authority }
    return authority[authority.index(after: at)...]
  }

  /// The name without its trailing dot: what TLS names in SNI and checks the certificate
  /// against, and what `no_proxy` and the hosts allowed plain http are compared with.
  var serverName: String {
    kind == .name && name.hasSuffix(".") ? String(name.dropLast()) : name
  }

  /// `Host`'s value: the name (an IPv6 address in brackets), with the port unless it is the
  /// scheme's.
  var authority: String {
    isDefaultPort ? bracketed : "\(bracketed):\(port)"
  }

  /// `CONNECT`'s target: the name (an IPv6 address in brackets) and the port, always.
  var connectAuthority: String {
    "\(bracketed):\(port)"
  }

  /// Whether the host is a loopback address (127.0.0.0/8, `::1`, an IPv4-mapped 127.x);
  /// false for every name, `localhost` included, which only the resolver can answer for.
  package var isLoopbackAddress: Bool {
    switch kind {
    case .name: false
    case .ipv4: Self.address(family: AF_INET, name).map(HTTPSecretGuard.isLoopback) ?? false
    case .ipv6: Self.address(family: AF_INET6, name).map(HTTPSecretGuard.isLoopback) ?? false
    }
  }

  private var bracketed: String {
    kind == .ipv6 ? "[\(name)]" : name
  }

  /// The bytes of `text` as an address of `family` (4 or 16 bytes), or nil when `inet_pton`
  /// does not read it as one.
  static func address(family: Int32, _ text: String) -> [UInt8]? {
    // A C string ends at a NUL: `127.0.0.1\0...` would read as an address.
    guard !text.utf8.contains(0) else { return nil }
    var bytes = [UInt8](repeating: 0, count: family == AF_INET6 ? 16 : 4)
    return inet_pton(family, text, &bytes) == 1 ? bytes : nil
  }

  /// Why `name` (decoded, not an IPv4 address) is not a DNS name, or nil when it is one.
  private static func nameProblem(_ name: [UInt8]) -> HTTPHostRefusal.Reason? {
    let labels = (name.last == UInt8(ascii: ".") ? name.dropLast() : name[...])
    guard labels.count <= 253 else { return .nameTooLong }
    for label in labels.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
      guard !label.isEmpty else { return .emptyLabel }
      guard label.count <= 63 else { return .labelTooLong }
      if let byte = label.first(where: { !isNameByte($0) }) { return .byte(byte) }
      guard label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else {
        return .hyphenAtLabelEnd
      }
    }
    // As the WHATWG URL standard reads a host: a last label that is a number makes the whole
    // an IPv4 address in some spelling (`127.1`, `0x7f.1`), which a resolver would honour.
    let last = labels.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).last
    if let last, isNumber(last) { return .numeric }
    return nil
  }

  /// A letter, a digit, `-` or `_`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"): true
    default: false
    }
  }

  /// Decimal digits, or `0x` and hexadecimal digits (none included).
  private static func isNumber(_ label: ArraySlice<UInt8>) -> Bool {
    if label.count >= 2, label.first == UInt8(ascii: "0"),
      label.dropFirst().first == UInt8(ascii: "x") || label.dropFirst().first == UInt8(ascii: "X")
    {
      return label.dropFirst(2).allSatisfy { HexDigit.value($0) != nil }
    }
    return label.allSatisfy { (0x30...0x39).contains($0) }
  }
}
