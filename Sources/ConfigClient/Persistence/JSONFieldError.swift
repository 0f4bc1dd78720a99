/// What is wrong with one field of a JSON document being read (the client's state file, a
/// Firebase Installations answer): a message that names the field.
struct JSONFieldError: Error {
  let message: String

  init(_ message: String) {
    self.message = message
  }
}
