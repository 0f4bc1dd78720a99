/// One day of a running campaign: which day it is and the pictures it shows.
public struct CampaignDay: Sendable, Hashable {
  /// Whole days elapsed since the campaign started: 0 on the first day.
  public let index: Int
  /// The background picture of the day: the campaign's `back_image_url` with `%02d`
  /// replaced by the picture number.
  public let backImageURL: String
  /// The front picture, the same every day.
  public let frontImageURL: String

  // swift-format-ignore: AllPublicDeclarationsHaveDocumentation
  public init(index: Int, backImageURL: String, frontImageURL: String) {
    self.index = index
    self.backImageURL = backImageURL
    self.frontImageURL = frontImageURL
  }

  /// The day counted from 1, as people count campaign days ("day 1" is the first day).
  public var number: Int { index + 1 }
}
