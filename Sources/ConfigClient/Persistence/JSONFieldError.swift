/// What is wrong with one field of a JSON document being read (the client's state file, a
/// Firebase Installations answer): a message that names the field.
package struct JSONFieldError: Error {
  package let message: String

  package init(_ message: String) {
    self.message = message
  }
}
