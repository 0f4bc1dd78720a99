public import Core
public import Foundation

extension JuniorHighFeature {
  /// The home screen's model for a student in `grade` under `values` at the instant `now`:
  /// a pure function, so the app, previews and `switchyard home --now` agree.
  ///
  /// - Tabs come from `junior_high_home_tabs` in its order. Unknown names are dropped and a
  ///   name listed again is dropped, each with a diagnostic; when no known tab remains, the
  ///   default list stands in, with a diagnostic.
  /// - The share card: while `now` is inside the `x_campaign_params_for_ios` window, the
  ///   day's background, the campaign's front picture and `x_campaign_for_ios` rendered by
  ///   `CampaignShareText` (nil when that key is blank). Otherwise `ShareCard.builtIn`; a
  ///   malformed campaign also adds a diagnostic, while an absent or `{}` one does not.
  public static func home(for grade: Grade, values: any ConfigValues, at now: Date)
    -> JuniorHighHome
  {
    var diagnostics: [Reason] = []
    let tabs = values.options(JuniorHighFeatureKeys.homeTabs, as: JuniorHighTab.self, noun: "tab")
    diagnostics += tabs.diagnostics
    let card = shareCard(values: values, at: now, diagnostics: &diagnostics)
    return JuniorHighHome(
      grade: grade, tabs: tabs.value, shareCard: card, diagnostics: diagnostics)
  }

  /// The home screen's model at `time`'s current instant (see `home(for:values:at:)`).
  public static func home(for grade: Grade, values: any ConfigValues, time: any TimeSource)
    -> JuniorHighHome
  {
    home(for: grade, values: values, at: time.now)
  }

  private static func shareCard(
    values: any ConfigValues, at now: Date, diagnostics: inout [Reason]
  ) -> ShareCard {
    let campaign = values.resolve(JuniorHighFeatureKeys.campaignParams)
    if let diagnostic = campaign.diagnostic {
      diagnostics.append(.diagnostic(diagnostic.message + "; no campaign"))
    }
    guard let day = campaign.value?.day(at: now) else { return .builtIn }
    let format = values[JuniorHighFeatureKeys.campaignShareText]
    return ShareCard(
      background: day.backImageURL, front: day.frontImageURL,
      text: format.isEmpty ? nil : CampaignShareText.render(format, day: day.number))
  }
}
