import ConfigEngine
import Foundation

/// A `TemplateSource` that reads a template file: for bootstrapping, tests and air-gapped
/// tools. The ETag is the SHA-256 of the file's bytes, so an unchanged file answers
/// `.notModified` to the ETag of its last read, like an HTTP server would.
public struct FileTemplateSource: TemplateSource {
  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public let path: String
  /// The largest file read, in bytes; a larger one fails with `.bodyTooLarge`.
  public let maximumBytes: Int

  /// A source reading the template at `path`.
  public init(path: String, maximumBytes: Int = 1_000_000) {
    self.path = path
    self.maximumBytes = maximumBytes
  }

  /// The ETag a file with these bytes gets: their SHA-256 in hexadecimal.
  public static func etag(for bytes: some Sequence<UInt8>) -> String {
    SHA256.hash(bytes).hexString
  }

  /// Reads the file. The timeout does not apply: reading a local file does not stall.
  /// - Throws: `.connectivity` when the file cannot be read, `.bodyTooLarge` over the limit.
  public func fetchTemplate(
    _ request: TemplateFetchRequest
  ) async throws(TemplateSourceError) -> TemplateFetchResponse {
    let url = URL(fileURLWithPath: path)
    let size: Int
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch {
      throw .connectivity("cannot read template file '\(path)': no such file or no access")
    }
    guard size <= maximumBytes else { throw .bodyTooLarge(limit: maximumBytes) }
    let bytes: [UInt8]
    do {
      bytes = Array(try Data(contentsOf: url))
    } catch {
      throw .connectivity("cannot read template file '\(path)': \(error.localizedDescription)")
    }
    // The file may have grown between the size check and the read.
    guard bytes.count <= maximumBytes else { throw .bodyTooLarge(limit: maximumBytes) }
    let current = Self.etag(for: bytes)
    if let etag = request.etag, etag == current { return .notModified }
    return .template(body: bytes, etag: current)
  }
}
