@testable import FirebaseServices
import Foundation
import Testing

/// Reads the files in Fixtures/Crypto (see its README: test-only keys and what OpenSSL made
/// with them), from the source tree so tests need no bundle resources.
enum CryptoFixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Crypto")

  /// The messages signed for the fixtures, by file name.
  static let messages = [
    "message-empty.txt", "message-abc.txt", "message-fox.txt", "message-1000.bin",
  ]

  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static func text(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  /// OpenSSL's signature of `message` with the `bits`-bit key, from its `.sig.hex` file.
  static func openSSLSignature(bits: Int, message: String) throws -> [UInt8] {
    let stem = message.split(separator: ".").first.map(String.init) ?? message
    return try #require(hexBytes(try text("rsa-\(bits).\(stem).sig.hex")))
  }

  /// The bytes of a hexadecimal text; surrounding whitespace is ignored.
  static func hexBytes(_ hex: String) -> [UInt8]? {
    let digits = Array(hex.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    var index = 0
    while index < digits.count {
      guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(byte)
      index += 2
    }
    return bytes
  }

  /// A number from hexadecimal digits (any count).
  static func number(_ hex: String) -> BigUInt {
    let padded = hex.count % 2 == 1 ? "0" + hex : hex
    return BigUInt(bigEndianBytes: hexBytes(padded) ?? [])
  }

  /// A number as lowercase hexadecimal without leading zeros.
  static func hex(_ number: BigUInt) -> String {
    let bytes = number.bigEndianBytes(count: number.limbCount * 8) ?? []
    let digits = bytes.map { byte in
      let text = String(byte, radix: 16)
      return text.count == 1 ? "0" + text : text
    }.joined()
    let trimmed = digits.drop { $0 == "0" }
    return trimmed.isEmpty ? "0" : String(trimmed)
  }

  /// The DER inside a PEM fixture.
  static func der(_ name: String, label: String) throws -> [UInt8] {
    try PEMDocument(decoding: text(name), labels: [label]).der
  }

  /// The base64 body of a PEM text, without line breaks.
  static func pemBody(_ pem: String) -> String {
    pem.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("-----") }.joined()
  }

  /// A PEM text: the base64 of `der` in 64-character lines between BEGIN and END lines.
  static func pem(_ der: [UInt8], label: String) -> String {
    let body = Data(der).base64EncodedString()
    var lines = ["-----BEGIN \(label)-----"]
    var start = body.startIndex
    while start < body.endIndex {
      let end = body.index(start, offsetBy: 64, limitedBy: body.endIndex) ?? body.endIndex
      lines.append(String(body[start..<end]))
      start = end
    }
    lines.append("-----END \(label)-----")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Records an issue when `text` (an error message, a description) holds any 12 consecutive
  /// characters of the key's base64 body, or the start of its modulus in hexadecimal.
  static func expectNoKeyMaterial(
    _ text: String, pem: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let body = Array(pemBody(pem))
    let window = 12
    if body.count >= window {
      for start in 0...(body.count - window) {
        let piece = String(body[start..<start + window])
        if text.contains(piece) {
          Issue.record("'\(text)' holds key base64 '\(piece)'", sourceLocation: sourceLocation)
          return
        }
      }
    }
    // Every 64-bit limb of the secret numbers, in decimal (how `dump` prints integers) and
    // in hexadecimal.
    guard let key = try? RSAPrivateKeyComponents(pem: pem) else { return }
    let lowered = text.lowercased()
    for number in [
      key.privateExponent, key.prime1, key.prime2, key.exponent1, key.exponent2, key.coefficient,
    ] {
      for limb in number.limbs where limb > 0xFFFF_FFFF {
        let forms = [String(limb), String(limb, radix: 16)]
        if forms.contains(where: { lowered.contains($0) }) {
          Issue.record("'\(text)' holds a limb of the key", sourceLocation: sourceLocation)
          return
        }
      }
    }
  }
}
