public import Core

/// The card a student shares from the junior-high home: a background, a front picture and
/// an optional text. During a campaign the background changes every day; otherwise the
/// card shows the app's built-in pictures and no text.
///
/// Encodes as `{"background": "...", "front": "...", "text": "..." | null}`.
public struct ShareCard: Sendable, Equatable, Encodable {
  /// The asset name of the background bundled with the app.
  public static let builtInBackground = "ShareCardBackground"
  /// The asset name of the front picture bundled with the app.
  public static let builtInFront = "ShareCardFront"

  /// The card outside any campaign: the built-in pictures and no text (no hashtag).
  public static let builtIn = ShareCard(
    background: builtInBackground, front: builtInFront, text: nil)

  /// The background: a campaign picture's address or `builtInBackground`.
  public let background: String
  /// The front picture: the campaign's address or `builtInFront`.
  public let front: String
  /// The share text, hashtags included; nil when there is none to share.
  public let text: String?

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(background: String, front: String, text: String?) {
    self.background = background
    self.front = front
    self.text = text
  }

  /// The card as JSON, members in alphabetical order, a missing text as `null` so readers
  /// always find the member. What `Encodable` writes.
  public var json: JSONValue {
    [
      "background": .string(background), "front": .string(front),
      "text": text.map(JSONValue.string) ?? .null,
    ]
  }

  /// Encodes as `json`.
  public func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }
}
