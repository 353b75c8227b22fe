import Foundation

/// Daily goals from published reference values, each with its arithmetic, for a person who has
/// no figure from a doctor (whose figure always wins).
///
/// - EFSA 2010 (Scientific Opinion on Dietary Reference Values for water): adequate intake of
///   *total* water 2.0 L a day for women and 2.5 L for men, 300 mL more in pregnancy and 700 mL
///   more while breastfeeding; drinks supply about 80% of it, food the rest.
/// - US NASEM 2004 (Dietary Reference Intakes for Water...): 2.7 L total for women and 3.7 L for
///   men, about 2.2 L and 3.0 L of it from drinks (3.0 L / 2.3 L in pregnancy, 3.8 L / 3.1 L
///   while breastfeeding).
/// - By weight, a clinical rule of thumb: 30-35 mL per kg a day, 25 mL per kg over 75.
///
/// Every suggestion lies within 1-4 L a day.
public struct GoalSuggestion: Sendable, Equatable {
  /// The sex the reference values are given for.
  public enum Sex: String, Sendable, CaseIterable { case female, male }
  /// Pregnancy and breastfeeding raise the reference values.
  public enum Stage: Sendable, Equatable { case none, pregnant, breastfeeding }
  /// The reference a figure comes from.
  public enum Source: String, Sendable, CaseIterable { case efsa, nasem, weight }

  /// One figure: what to drink a day and how it was reached.
  public struct Figure: Sendable, Equatable {
    public var source: Source
    /// For whom (`women`, `men`, `women, pregnant`), or the weight rule's range.
    public var basis: String
    /// What to drink a day, within 1-4 L.
    public var drinks: Volume
    /// Total water (food and drinks) where the source gives it.
    public var totalWater: Volume?
    /// The lower and upper end of a range (by weight), before clamping.
    public var range: ClosedRange<Double>?
    /// Whether the 1-4 L bounds changed it.
    public var clamped: Bool
  }

  /// The most and least ever suggested.
  public static let bounds = 1000.0...4000.0
  /// Weights a suggestion is made for, in kg.
  public static let weightRange = 20.0...300.0

  public var weightKg: Double?
  public var sex: Sex?
  public var age: Int?
  public var stage: Stage

  /// - Throws: ``GoalSuggestionError`` for a weight outside 20-300 kg, or a pregnancy or
  ///   breastfeeding given for a man.
  public init(weightKg: Double?, sex: Sex?, age: Int?, stage: Stage = .none) throws {
    if let weightKg, !Self.weightRange.contains(weightKg) {
      throw GoalSuggestionError.weightOutOfRange(weightKg)
    }
    if let age, !(1...130).contains(age) { throw GoalSuggestionError.ageOutOfRange(age) }
    if sex == .male && stage != .none { throw GoalSuggestionError.stageNeedsFemale }
    self.weightKg = weightKg
    self.sex = stage != .none ? .female : sex
    self.age = age
    self.stage = stage
  }

  /// The figures there is enough to compute: EFSA and NASEM for each sex given (both when
  /// none), by weight when a weight is given.
  public var figures: [Figure] {
    let sexes = sex.map { [$0] } ?? Sex.allCases
    var figures: [Figure] = []
    for sex in sexes { figures.append(efsa(sex)) }
    for sex in sexes { figures.append(nasem(sex)) }
    if let weight = byWeight { figures.append(weight) }
    return figures
  }

  /// The figure of `source`; nil when it needs what was not given (a sex, a weight).
  public func figure(_ source: Source) -> Figure? {
    switch source {
    case .efsa: sex.map(efsa)
    case .nasem: sex.map(nasem)
    case .weight: byWeight
    }
  }

  private var stageWords: String {
    switch stage {
    case .none: ""
    case .pregnant: ", pregnant"
    case .breastfeeding: ", breastfeeding"
    }
  }

  private func efsa(_ sex: Sex) -> Figure {
    var total = sex == .female ? 2000.0 : 2500
    switch stage {
    case .none: break
    case .pregnant: total += 300
    case .breastfeeding: total += 700
    }
    return Self.figure(
      .efsa, basis: (sex == .female ? "women" : "men") + stageWords, drinks: total * 0.8,
      total: total)
  }

  private func nasem(_ sex: Sex) -> Figure {
    let (total, drinks): (Double, Double) =
      switch (sex, stage) {
      case (.male, _): (3700, 3000)
      case (.female, .none): (2700, 2200)
      case (.female, .pregnant): (3000, 2300)
      case (.female, .breastfeeding): (3800, 3100)
      }
    return Self.figure(
      .nasem, basis: (sex == .female ? "women" : "men") + stageWords, drinks: drinks,
      total: total)
  }

  /// 30-35 mL/kg, its middle suggested; 25 mL/kg over 75.
  private var byWeight: Figure? {
    guard let weightKg else { return nil }
    if let age, age > 75 {
      return Self.figure(
        .weight, basis: "25 mL/kg over 75", drinks: weightKg * 25, total: nil, range: nil)
    }
    return Self.figure(
      .weight, basis: "30-35 mL/kg", drinks: weightKg * 32.5, total: nil,
      range: (weightKg * 30)...(weightKg * 35))
  }

  private static func figure(
    _ source: Source, basis: String, drinks: Double, total: Double?,
    range: ClosedRange<Double>? = nil
  ) -> Figure {
    let clamped = min(max(drinks, bounds.lowerBound), bounds.upperBound)
    return Figure(
      source: source, basis: basis, drinks: Volume(milliliters: clamped),
      totalWater: total.map(Volume.init(milliliters:)), range: range, clamped: clamped != drinks)
  }
}

/// Why a suggestion could not be made.
public enum GoalSuggestionError: LiquidusError, Equatable {
  case weightOutOfRange(Double)
  case ageOutOfRange(Int)
  case stageNeedsFemale
  /// The chosen source needs what was not given.
  case missing(GoalSuggestion.Source)
  /// A weight that cannot be read (`70 stone`).
  case unreadableWeight(String)

  public var description: String {
    switch self {
    case .weightOutOfRange(let kg):
      "A weight of \(Int(kg.rounded())) kg is outside 20-300 kg: give your weight in kg or lb, "
        + "e.g. 70kg or 154lb."
    case .ageOutOfRange(let age): "An age of \(age) is not a person's age: give years, e.g. 40."
    case .stageNeedsFemale:
      "Pregnancy and breastfeeding raise the values for women: leave out the sex, or give female."
    case .missing(.weight): "The figure by weight needs your weight, e.g. 70kg or 154lb."
    case .missing(let source):
      "\(source == .efsa ? "EFSA's" : "NASEM's") figure depends on sex: give female or male."
    case .unreadableWeight(let text):
      "Cannot read the weight '\(text)': give kilograms or pounds, e.g. 70kg or 154lb."
    }
  }

  /// Reads `70kg`, `70 kg`, `154lb`, `154lbs` or a bare number of kg.
  public static func weight(_ text: String) throws -> Double {
    let lowered = text.lowercased().replacingOccurrences(of: " ", with: "")
      .replacingOccurrences(of: ",", with: ".")
    for (suffix, factor) in [("kg", 1.0), ("lbs", 0.45359237), ("lb", 0.45359237), ("", 1)]
    where lowered.hasSuffix(suffix) {
      if let number = Double(lowered.dropLast(suffix.count)), number.isFinite {
        let kg = number * factor
        guard GoalSuggestion.weightRange.contains(kg) else { throw Self.weightOutOfRange(kg) }
        return kg
      }
    }
    throw Self.unreadableWeight(text)
  }
}
