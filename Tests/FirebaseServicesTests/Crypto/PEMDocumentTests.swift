import Core
@testable import FirebaseServices
import Foundation
import Testing

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
