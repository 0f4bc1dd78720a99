public import Core

/// The remote-config keys the junior-high course owns. Names and defaults are a contract
/// with the console (the two campaign keys' names are fixed by the backend team), so they
/// never change.
public enum JuniorHighFeatureKeys {
  /// The tabs the home screen shows when the remote list is missing, malformed or names no
  /// known tab: every tab but the ranking, which a school turns on deliberately.
  public static let defaultHomeTabs: [JuniorHighTab] = [.today, .lessons, .practice, .profile]

  /// `junior_high_enabled` (BOOLEAN, default true): turns the whole course on or off.
  public static let enabled = ConfigKey<Bool>(
    "junior_high_enabled", default: true,
    description: "Turns the junior-high course on or off for every user.")

  /// `junior_high_home_tabs` (JSON, default every tab but `ranking`): the home screen's
  /// tabs in order, by name (`JuniorHighTab`). Unknown names are dropped by the home model.
  public static let homeTabs = ConfigKey<[String]>(
    optionList: "junior_high_home_tabs", default: defaultHomeTabs.map(\.rawValue),
    description:
      "The junior-high home screen's tabs in order, as a JSON array of names: "
      + JuniorHighTab.allCases.map(\.rawValue).joined(separator: ", ") + ".")

  /// `x_campaign_params_for_ios` (JSON, default `{}` = no campaign): the share card's
  /// campaign, read by Core's `CampaignSchedule`. A malformed value means no campaign and
  /// a diagnostic.
  public static let campaignParams = ConfigKey<CampaignSchedule?>(
    "x_campaign_params_for_ios", valueType: .json, default: nil, defaultRawValue: "{}",
    description:
      "The share card's campaign: {\"front_image_url\", \"back_image_url\" (with %02d), "
      + "\"back_image_count\", \"start_at\", \"end_at\"}; {} for none.",
    decode: CampaignSchedule.decode)

  /// `x_campaign_for_ios` (STRING, default empty = no text): the share text during the
  /// campaign, a format where `%d` is the campaign day (see `CampaignShareText`).
  public static let campaignShareText = ConfigKey<String>(
    "x_campaign_for_ios", default: "",
    description:
      "The share text during the campaign; %d is the campaign day (1 on the first day), "
      + "%% a percent sign. Empty for no text.")

  /// The keys the routing rule reads: a change to any other key never changes a route.
  public static let routing: [AnyConfigKey] = [enabled.erased]

  /// Every key above, in the order key listings print them.
  public static let all: [AnyConfigKey] =
    routing + [homeTabs.erased, campaignParams.erased, campaignShareText.erased]
}
