extension JSONValue {
  /// The value as compact JSON text on one line (`{"a":[1,2]}`): what the tool prints, one
  /// object per line. Keys keep their order; numbers keep their literal spelling.
  public var jsonText: String {
    var writer = JSONTextWriter()
    writer.write(self)
    return writer.text
  }

  /// The value as JSON text indented by two spaces per level, for files people read.
  public var prettyJSONText: String {
    var writer = JSONTextWriter()
    writer.write(self, indent: "  ")
    return writer.text
  }
}
