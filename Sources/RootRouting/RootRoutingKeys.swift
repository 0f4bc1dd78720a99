public import Core

/// The remote-config keys RootRouting owns: the gates that block the app before any
/// feature is considered. Names and defaults are a contract with the console, so they never
/// change.
public enum RootRoutingKeys {
  /// The module that owns these keys, as key listings and diagnostics print it.
  public static let module = "RootRouting"

  /// The maintenance message shown when the remote value is missing or blank.
  public static let defaultMaintenanceMessage =
    "We are doing some maintenance. Please try again later."

  /// `isUnderMaintenance` (BOOLEAN, default false): shows the maintenance screen to everyone.
  public static let isUnderMaintenance = ConfigKey<Bool>(
    "isUnderMaintenance", default: false,
    description: "Shows the maintenance screen instead of the app when true.")

  /// `maintenanceMessage` (STRING, default a generic message): the maintenance screen's text.
  public static let maintenanceMessage = ConfigKey<String>(
    "maintenanceMessage", default: defaultMaintenanceMessage,
    description: "The text of the maintenance screen.")

  /// `force_alert_information` (JSON, default `{}` = no forced update): `{"title",
  /// "message", "version", "url"}`; apps older than `version` must update. A value that
  /// does not decode means no forced update and a diagnostic, never a blocked app.
  public static let forceAlertInformation = ConfigKey<ForcedUpdate?>(
    "force_alert_information", valueType: .json, default: nil, defaultRawValue: "{}",
    description:
      "Forces apps older than 'version' to update: "
      + "{\"title\", \"message\", \"version\", \"url\"}; {} for none.",
    decode: ForcedUpdate.decode)

  /// Every key above, in the order key listings print them.
  public static let all: [AnyConfigKey] = [
    isUnderMaintenance.erased, maintenanceMessage.erased, forceAlertInformation.erased,
  ]

  /// The keys as RootRouting's declared set, for the app's `ConfigKeyCatalog`.
  public static let keys = ConfigKeySet(module: module, keys: all)
}
