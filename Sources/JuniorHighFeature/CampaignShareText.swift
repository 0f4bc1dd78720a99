/// The format of the campaign share text, `x_campaign_for_ios`.
///
/// - `%d` is the campaign day, counted from 1 (`1` on the first day);
/// - `%%` is a percent sign;
/// - anything else, a lone `%` or `%s` included, is kept as written.
///
/// So `"Day %d of #SpringQuiz"` on the third day reads `Day 3 of #SpringQuiz`, and
/// `"100%% #SpringQuiz"` reads `100% #SpringQuiz`. Any text is a valid format: rendering
/// never fails and never reads past the text, unlike `String(format:)` with a stray `%@`.
public enum CampaignShareText {
  /// The text for campaign day `day` (1-based).
  public static func render(_ format: String, day: Int) -> String {
    var text = ""
    var afterPercent = false
    for character in format {
      if afterPercent {
        afterPercent = false
        switch character {
        case "d":
          text += String(day)
          continue
        case "%":
          text += "%"
          continue
        default:
          text += "%"
        }
      }
      if character == "%" {
        afterPercent = true
      } else {
        text.append(character)
      }
    }
    if afterPercent { text += "%" }
    return text
  }
}
