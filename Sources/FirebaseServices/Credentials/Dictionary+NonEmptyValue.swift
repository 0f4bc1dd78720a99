extension [String: String] {
  /// The variable `name`'s value, or nil when it is unset or empty: a variable set to ""
  /// counts as unset, as google-auth-library-nodejs treats `GOOGLE_APPLICATION_CREDENTIALS`.
  func nonEmptyValue(_ name: String) -> String? {
    guard let value = self[name], !value.isEmpty else { return nil }
    return value
  }
}
