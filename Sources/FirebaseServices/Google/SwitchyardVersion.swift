/// The version of Switchyard, in one place: the `switchyard version` command prints it, and
/// Google's APIs see it in `X-Firebase-Client: switchyard/<version>`, as they see
/// `fire-admin-node/<version>` from firebase-admin-node.
public enum SwitchyardVersion {
  /// The package version, e.g. `0.1.0`.
  public static let current = "0.1.0"

  /// The `X-Firebase-Client` value every call to a Firebase API sends.
  static let firebaseClientHeader = "switchyard/\(current)"
}
