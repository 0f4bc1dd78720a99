import JuniorHighFeature
import Testing

@Suite("CampaignShareText")
struct CampaignShareTextTests {
  @Test(
    "%d is the campaign day, %% a percent sign, and everything else stays as written",
    arguments: [
      ("Day %d of #SpringQuiz", 3, "Day 3 of #SpringQuiz"),
      ("#SpringQuiz", 3, "#SpringQuiz"),
      ("100%% done! #SpringQuiz", 1, "100% done! #SpringQuiz"),
      ("%d日目 #春クイズ", 12, "12日目 #春クイズ"),
      ("%d/%d", 7, "7/7"),
      ("50% off", 2, "50% off"),
      ("%s and %@ and %1$d", 2, "%s and %@ and %1$d"),
      ("trailing %", 2, "trailing %"),
      ("%%d is literal", 5, "%d is literal"),
      ("%%%d", 4, "%4"),
      ("%", 1, "%"),
      ("", 1, ""),
      ("%D", 1, "%D"),
    ])
  func render(format: String, day: Int, text: String) {
    #expect(CampaignShareText.render(format, day: day) == text)
  }
}
