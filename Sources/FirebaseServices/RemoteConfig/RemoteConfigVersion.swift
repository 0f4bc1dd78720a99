public import Core

/// One entry of a template's version history, as `listVersions` (and a template's `version`
/// object) gives it. Every field is optional, as in Google's schema; the members Switchyard
/// does not know are kept in `otherMembers`.
public struct RemoteConfigVersion: Sendable, Hashable {
  /// Who made a version.
  public struct User: Sendable, Hashable {
    /// The account's email address.
    public var email: String?
    /// The account's display name.
    public var name: String?
    /// The account's picture.
    public var imageURL: String?

    // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
    public init(email: String? = nil, name: String? = nil, imageURL: String? = nil) {
      self.email = email
      self.name = name
      self.imageURL = imageURL
    }
  }

  /// `versionNumber` (an int64 Google writes as a string).
  public var versionNumber: Int?
  /// `updateTime`, RFC 3339 text as Google wrote it (e.g. `2026-01-01T00:00:00.123456Z`).
  public var updateTime: String?
  /// `updateOrigin`: `CONSOLE`, `REST_API`, `ADMIN_SDK_NODE`, ...
  public var updateOrigin: String?
  /// `updateType`: `INCREMENTAL_UPDATE`, `FORCED_UPDATE` (published with `If-Match: *`),
  /// `ROLLBACK`, ...
  public var updateType: String?
  /// `updateUser`: who made the version.
  public var updateUser: User?
  /// `description`: the one field a publish sets.
  public var description: String?
  /// `rollbackSource`: the version a rollback restored.
  public var rollbackSource: Int?
  /// `isLegacy`: whether the version was made before the version history existed.
  public var isLegacy: Bool?
  /// The members besides the ones above, as received.
  public var otherMembers: JSONObject

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(
    versionNumber: Int? = nil, updateTime: String? = nil, updateOrigin: String? = nil,
    updateType: String? = nil, updateUser: User? = nil, description: String? = nil,
    rollbackSource: Int? = nil, isLegacy: Bool? = nil, otherMembers: JSONObject = JSONObject()
  ) {
    self.versionNumber = versionNumber
    self.updateTime = updateTime
    self.updateOrigin = updateOrigin
    self.updateType = updateType
    self.updateUser = updateUser
    self.description = description
    self.rollbackSource = rollbackSource
    self.isLegacy = isLegacy
    self.otherMembers = otherMembers
  }

  /// The members of this version's JSON object that Google defines, in its order:
  /// `versionNumber` and `rollbackSource` as strings, as Google writes them.
  public var jsonObject: JSONObject {
    var object = JSONObject()
    object["versionNumber"] = versionNumber.map { .string(String($0)) }
    object["updateTime"] = updateTime.map(JSONValue.string)
    object["updateOrigin"] = updateOrigin.map(JSONValue.string)
    object["updateType"] = updateType.map(JSONValue.string)
    if let user = updateUser {
      var fields = JSONObject()
      fields["email"] = user.email.map(JSONValue.string)
      fields["name"] = user.name.map(JSONValue.string)
      fields["imageUrl"] = user.imageURL.map(JSONValue.string)
      object["updateUser"] = .object(fields)
    }
    object["description"] = description.map(JSONValue.string)
    object["rollbackSource"] = rollbackSource.map { .string(String($0)) }
    object["isLegacy"] = isLegacy.map(JSONValue.bool)
    return object
  }
}

extension RemoteConfigVersion {
  /// Reads a version object; nil when `value` is not an object. A member of the wrong kind
  /// is left out rather than failing the list: the history is for reading, and one odd entry
  /// should not hide the others.
  init?(json value: JSONValue) {
    guard case .object(let object) = value else { return nil }
    let known: Set<String> = [
      "versionNumber", "updateTime", "updateOrigin", "updateType", "updateUser", "description",
      "rollbackSource", "isLegacy",
    ]
    self.init(
      versionNumber: Self.int64(object["versionNumber"]),
      updateTime: object["updateTime"]?.stringValue,
      updateOrigin: object["updateOrigin"]?.stringValue,
      updateType: object["updateType"]?.stringValue,
      updateUser: object["updateUser"]?.objectValue.map {
        User(
          email: $0["email"]?.stringValue, name: $0["name"]?.stringValue,
          imageURL: $0["imageUrl"]?.stringValue)
      },
      description: object["description"]?.stringValue,
      rollbackSource: Self.int64(object["rollbackSource"]),
      isLegacy: object["isLegacy"]?.boolValue,
      otherMembers: JSONObject(
        object.lazy.filter { !known.contains($0.key) }.map { ($0.key, $0.value) }))
  }

  /// An int64 written as a string (Google's way) or as a JSON number.
  private static func int64(_ value: JSONValue?) -> Int? {
    switch value {
    case .string(let text)?: Int(text)
    case .number(let number)?: number.intValue
    default: nil
    }
  }
}
