import Core
import Foundation
import Testing

@testable import ConfigClient

@Suite("PEMDocument")
struct PEMDocumentTests {
  static let der: [UInt8] = Array(0..<100)
  static let pem = CryptoFixtures.pem(der, label: "PRIVATE KEY")

  /// The same PEM laid out as files, JSON strings and tools write it.
  static let pemLayouts: [(String, String)] = {
    let escaped = pem.replacingOccurrences(of: "\n", with: "\\n")
    let indented = pem.split(separator: "\n").map { "  \($0)  \n\n" }.joined()
    let oneLine =
      "-----BEGIN PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n-----END PRIVATE KEY-----"
    return [
      ("plain", pem),
      ("CRLF line ends", pem.replacingOccurrences(of: "\n", with: "\r\n")),
      ("escaped \\n, as copied out of a JSON string", escaped),
      ("escaped \\r\\n", pem.replacingOccurrences(of: "\n", with: "\\r\\n")),
      ("text before and after", "Bag Attributes\n  friendlyName: test\n" + pem + "trailing text\n"),
      ("indented lines and blank lines", indented),
      ("no final line break", String(pem.dropLast())),
      ("one long body line", oneLine),
    ]
  }()

  @Test("a PEM block reads in every layout key files and tools produce", arguments: pemLayouts)
  func layouts(layout: String, text: String) throws {
    let document = try PEMDocument(decoding: text, labels: ["PRIVATE KEY"])
    #expect(document.label == "PRIVATE KEY")
    #expect(document.der == Self.der)
  }

  @Test(
    "texts that are not the PEM block wanted give an error that says why",
    arguments: [
      ("", PEMError.empty),
      ("  \n\t\n", .empty),
      ("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n", .noBeginLine(expected: ["PRIVATE KEY"])),
      (
        "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
        .wrongLabel(found: "CERTIFICATE", expected: ["PRIVATE KEY"])
      ),
      ("-----BEGIN PRIVATE KEY-----\nAAAA\n", .cutOff(label: "PRIVATE KEY")),
      ("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIV", .cutOff(label: "PRIVATE KEY")),
      ("-----BEGIN PRIVATE K", .cutOff(label: "PRIVATE KEY")),
      ("-----BEGIN PRIVATE KEY\nAAAA\n", .malformedBeginLine(line: 1)),
      ("-----BEGIN private key-----\nAAAA\n", .malformedBeginLine(line: 1)),
      (
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n",
        .mismatchedEnd(label: "PRIVATE KEY", found: "RSA PRIVATE KEY")
      ),
      (
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIV\nmore\n",
        .mismatchedEnd(label: "PRIVATE KEY", found: nil)
      ),
      (
        "-----BEGIN PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nAAAA\n-----END PRIVATE KEY-----\n",
        .encrypted
      ),
      (
        "-----BEGIN PRIVATE KEY-----\nAAAA\nAA*A\n-----END PRIVATE KEY-----\n",
        .invalidBase64(line: 3)
      ),
      (
        "-----BEGIN PRIVATE KEY-----\nAAAAA\n-----END PRIVATE KEY-----\n",
        .base64CutOff(characters: 5)
      ),
      ("-----BEGIN PRIVATE KEY-----\nAA=A\n-----END PRIVATE KEY-----\n", .invalidBase64(line: nil)),
      ("-----BEGIN PRIVATE KEY-----\n\n-----END PRIVATE KEY-----\n", .emptyBody),
    ] as [(String, PEMError)])
  func refused(text: String, error: PEMError) {
    #expect(throws: error) { _ = try PEMDocument(decoding: text, labels: ["PRIVATE KEY"]) }
  }

  @Test("a PEM cut at any point gives an error, never a document or a crash")
  func cutAnywhere() {
    let text = Array(Self.pem)
    for end in 0..<(text.count - 1) {
      #expect(throws: PEMError.self) {
        _ = try PEMDocument(decoding: String(text[0..<end]), labels: ["PRIVATE KEY"])
      }
    }
  }

  @Test("messages quote labels, never body text")
  func messages() {
    #expect(
      PEMError.wrongLabel(found: "CERTIFICATE", expected: ["PRIVATE KEY", "RSA PRIVATE KEY"])
        .description
        == "expected '-----BEGIN PRIVATE KEY-----' or '-----BEGIN RSA PRIVATE KEY-----', "
        + "found '-----BEGIN CERTIFICATE-----'")
    #expect(
      PEMError.cutOff(label: "PRIVATE KEY").description
        == "the PEM is cut off: it ends before its '-----END PRIVATE KEY-----' line")
  }
}

@Suite("Base64")
struct Base64Tests {
  @Test(
    "RFC 4648's test vectors decode, and encode as unpadded base64url",
    arguments: [
      ("", "", ""), ("f", "Zg==", "Zg"), ("fo", "Zm8=", "Zm8"), ("foo", "Zm9v", "Zm9v"),
      ("foob", "Zm9vYg==", "Zm9vYg"), ("fooba", "Zm9vYmE=", "Zm9vYmE"),
      ("foobar", "Zm9vYmFy", "Zm9vYmFy"),
    ])
  func vectors(text: String, base64: String, base64URL: String) {
    #expect(Base64.decode(Array(base64.utf8)) == Array(text.utf8))
    #expect(Base64.urlEncoded(Array(text.utf8)) == base64URL)
  }

  @Test("base64url uses '-' and '_' where base64 uses '+' and '/'")
  func urlAlphabet() {
    #expect(Base64.urlEncoded([0xFB, 0xFF, 0xBF]) == "-_-_")
    #expect(Base64.decode(Array("+/+/".utf8)) == [0xFB, 0xFF, 0xBF])
  }

  @Test(
    "malformed or non-canonical base64 is refused",
    arguments: ["Zg=", "Zg", "Z===", "Zm9v=Yg=", "Zh==", "Zm9=", "Zm-v", "Zm9v\n"])
  func refused(text: String) {
    #expect(Base64.decode(Array(text.utf8)) == nil)
  }

  @Test("base64url encoding matches Foundation's base64 with the URL alphabet, at every length")
  func matchesFoundation() {
    var generator = SeededRandomGenerator(seed: 64)
    for length in 0..<70 {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let foundation = Data(bytes).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      #expect(Base64.urlEncoded(bytes) == foundation)
      #expect(Base64.decode(Array(Data(bytes).base64EncodedString().utf8)) == bytes)
    }
  }
}
