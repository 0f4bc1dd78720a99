/// The template fixtures in `Tests/ConfigClientTests/Fixtures`, read by path (they are not
/// bundle resources) by ConfigClient's tests and the tool's.
public enum TemplateFixtures {
  /// The text of fixture `name`, e.g. `client-template.json`.
  public static func text(_ name: String) throws -> String {
    try SourceTree.text("Tests/ConfigClientTests/Fixtures/\(name)")
  }
}
