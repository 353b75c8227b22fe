import LiquidusModel

/// The words a Health Connect exercise session's `exercise_type` is imported as.
///
/// The export holds the values of the platform's `android.health.connect.datatypes
/// .ExerciseSessionType` (`EXERCISE_SESSION_TYPE_RUNNING` = 33), which the Health Connect
/// service stores. They are not the numbers of the Jetpack library's
/// `androidx.health.connect.client.records.ExerciseSessionRecord.EXERCISE_TYPE_*` (its
/// RUNNING is 56): that library maps its constants to the platform's before it writes
/// (`SDK_TO_PLATFORM_EXERCISE_SESSION_TYPE`), so a table keyed by them would name most
/// sessions wrongly.
///
/// The words follow the Apple Health import's (`running`, `cycling`, `high intensity interval
/// training`), so that the same exercise reads alike whichever phone recorded it, and they
/// leave out where it was done (a treadmill, a pool, a machine): status lists a day's
/// activities, and "running" says what a person did. The word is part of a workout's import
/// key, so changing one here makes a re-import add that workout again.
enum HealthConnectExerciseTypes {
  /// The word for `type`; `workout` for none, an unknown one, or a constant newer than this
  /// table: a session still counts as exercise when its kind is not known.
  static func activity(_ type: Int64?) -> String {
    type.flatMap { names[$0] } ?? Workout.unnamedActivity
  }

  /// Every `ExerciseSessionType` constant there is (0, unknown, and 58, other workout, are
  /// `workout`), by its value.
  static let names: [Int64: String] = [
    1: "badminton",
    2: "baseball",
    3: "basketball",
    4: "cycling",  // BIKING
    5: "cycling",  // BIKING_STATIONARY
    6: "boot camp",
    7: "boxing",
    8: "calisthenics",
    9: "cricket",
    10: "dancing",
    11: "exercise class",
    12: "fencing",
    13: "american football",
    14: "australian football",
    15: "frisbee",
    16: "golf",
    17: "guided breathing",
    18: "gymnastics",
    19: "handball",
    20: "high intensity interval training",
    21: "hiking",
    22: "ice hockey",
    23: "ice skating",
    24: "martial arts",
    25: "paddling",
    26: "paragliding",
    27: "pilates",
    28: "racquetball",
    29: "rock climbing",
    30: "roller hockey",
    31: "rowing",
    32: "rugby",
    33: "running",
    34: "running",  // RUNNING_TREADMILL
    35: "sailing",
    36: "scuba diving",
    37: "skating",
    38: "skiing",
    39: "snowboarding",
    40: "snowshoeing",
    41: "soccer",
    42: "softball",
    43: "squash",
    44: "stair climbing",
    45: "strength training",
    46: "stretching",
    47: "surfing",
    48: "swimming",  // SWIMMING_OPEN_WATER
    49: "swimming",  // SWIMMING_POOL
    50: "table tennis",
    51: "tennis",
    52: "volleyball",
    53: "walking",
    54: "water polo",
    55: "weightlifting",
    56: "wheelchair",
    57: "yoga",
    59: "stair climbing",  // STAIR_CLIMBING_MACHINE
    60: "elliptical",
    61: "rowing",  // ROWING_MACHINE
  ]
}
