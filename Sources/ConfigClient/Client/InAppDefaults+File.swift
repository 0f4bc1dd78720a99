public import ConfigEngine
import Core
import Foundation

extension InAppDefaults {
  /// Defaults from a JSON file holding one flat object (see `init(json:)`). Here and not in
  /// the engine, which does no I/O: the client is where files are read.
  /// - Throws: `DefaultsError` naming the file and, for bad JSON, the line and column.
  public init(contentsOfFile path: String) throws(DefaultsError) {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DefaultsError(key: nil, message: "cannot read defaults file '\(path)': \(error)")
    }
    let document: JSONValue
    do {
      document = try JSONParser().parse(data)
    } catch {
      throw DefaultsError(key: nil, message: "defaults file '\(path)': \(error)")
    }
    do {
      try self.init(json: document)
    } catch {
      throw DefaultsError(key: error.key, message: "defaults file '\(path)': \(error.message)")
    }
  }
}
