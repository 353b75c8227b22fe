#!/usr/bin/env python3
"""An independent reckoning of `liquidus export --daily`, for DailyExportOracleTests.

    daily_oracle.py DATABASE CONFIG.json FIRST_DAY LAST_DAY > expected.csv

It reads the entries straight from the SQLite file (drink, caffeine, drink_type) and computes
every column with Python's zoneinfo and plain arithmetic, sharing no code with the Swift side.
What the database cannot say simply (the goals set, the workouts logged, the caffeine model's
settings, now, the zone) comes in CONFIG.json, written by the test that set them:

    {"tz": "Europe/Berlin", "now": "2026-11-20T19:00:00+01:00",
     "halfLifeHours": 5, "sleepLevelMg": 100,
     "goals": [{"from": null, "kind": "goal", "amount": 2000, "perWorkout": [250, 30]}],
     "workouts": [{"start": "2026-06-01T07:00:00+02:00", "minutes": 45}]}

Numbers are printed unrounded: the test compares them with the export's to 0.01.
"""

from __future__ import annotations

import csv
import json
import math
import sqlite3
import sys
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo


def local_midnight(day: date, zone: ZoneInfo) -> datetime:
    """The first instant of a local date (midnight exists in every zone the tests use)."""
    return datetime(day.year, day.month, day.day, tzinfo=zone).astimezone(timezone.utc)


def clock(minute: int | None) -> str:
    if minute is None:
        return ""
    return f"{minute // 60:02d}:{minute % 60:02d}"


def target_on(day: date, goals: list[dict]) -> dict:
    chosen = goals[0]
    for goal in goals:
        if goal["from"] is None or date.fromisoformat(goal["from"]) <= day:
            chosen = goal
    return chosen


def main() -> None:
    database, config_path, first_text, last_text = sys.argv[1:5]
    with open(config_path, encoding="utf-8") as file:
        config = json.load(file)
    zone = ZoneInfo(config["tz"])
    now = datetime.fromisoformat(config["now"])
    half_life = config["halfLifeHours"] * 3600.0
    sleep = config["sleepLevelMg"]

    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    types = {
        row[0]: (row[1], row[2])
        for row in connection.execute("SELECT id, name, hydration_factor FROM drink_type")
    }
    drinks = connection.execute(
        "SELECT at_ms, type_id, volume_ml, caffeine_mg, source, source_name FROM drink"
    ).fetchall()
    caffeine_records = connection.execute(
        "SELECT at_ms, mg FROM caffeine WHERE drink_id IS NULL"
    ).fetchall()
    intakes = sorted(
        [(row[0], row[3]) for row in drinks if row[3] > 0]
        + [(row[0], row[1]) for row in caffeine_records if row[1] > 0]
    )

    def local(milliseconds: int) -> datetime:
        return datetime.fromtimestamp(milliseconds / 1000, zone)

    drinks_by_day: dict[date, list] = defaultdict(list)
    for row in sorted(drinks):
        drinks_by_day[local(row[0]).date()].append(row)
    caffeine_by_day: dict[date, list] = defaultdict(list)
    for instant, milligrams in intakes:
        caffeine_by_day[local(instant).date()].append((instant, milligrams))
    exercise: dict[date, float] = defaultdict(float)
    for workout in config["workouts"]:
        start = datetime.fromisoformat(workout["start"]).astimezone(zone)
        exercise[start.date()] += workout["minutes"]

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(
        "date complete utc_offset day_hours total_ml hydration_ml counted_ml water_ml drinks "
        "first_drink last_drink longest_gap_min night_ml morning_ml afternoon_ml evening_ml "
        "caffeine_mg caffeine_clear_at goal_kind goal_ml exercise_min percent_of_goal goal_met "
        "hours_with_log sources typed_entries imported_entries".split()
    )
    day = date.fromisoformat(first_text)
    while day <= date.fromisoformat(last_text):
        start = local_midnight(day, zone)
        end = local_midnight(day + timedelta(days=1), zone)
        offset = start.astimezone(zone).utcoffset() or timedelta(0)
        sign = "-" if offset < timedelta(0) else "+"
        offset_minutes = abs(int(offset.total_seconds())) // 60
        rows = drinks_by_day.get(day, [])
        total = sum(row[2] for row in rows)
        hydration = sum(row[2] * types[row[1]][1] for row in rows)
        water = sum(row[2] for row in rows if types[row[1]][0].lower() == "water")
        minutes = [local(row[0]).hour * 60 + local(row[0]).minute for row in rows]
        gaps = [(b[0] - a[0]) // 60000 for a, b in zip(rows, rows[1:])]
        parts = [0.0, 0.0, 0.0, 0.0]
        for row, minute in zip(rows, minutes):
            parts[minute // 360] += row[2]
        goal = target_on(day, config["goals"])
        amount = float(goal["amount"])
        exercised = exercise.get(day, 0.0)
        if goal["kind"] == "goal" and goal.get("perWorkout") and exercised > 0:
            rate_ml, rate_minutes = goal["perWorkout"]
            amount += min(round(rate_ml * exercised / rate_minutes), max(0.0, 20000 - amount))
        counted = total if goal["kind"] == "limit" else hydration
        met = total <= amount if goal["kind"] == "limit" else hydration >= amount
        caffeine_today = caffeine_by_day.get(day, [])
        clear = None
        if caffeine_today and sleep > 0:
            last = caffeine_today[-1][0]
            in_body = sum(
                mg * 0.5 ** ((last - instant) / 1000 / half_life)
                for instant, mg in intakes
                if instant <= last
            )
            seconds = half_life * math.log2(in_body / sleep) if in_body > sleep else 0.0
            cleared = local(math.floor(last + seconds * 1000))
            clear = (cleared.date() - day).days * 1440 + cleared.hour * 60 + cleared.minute
        writer.writerow(
            [
                day.isoformat(),
                "true" if end <= now else "false",
                f"{sign}{offset_minutes // 60:02d}:{offset_minutes % 60:02d}",
                round((end - start).total_seconds() / 3600),
                total,
                hydration,
                counted,
                water,
                len(rows),
                clock(minutes[0] if minutes else None),
                clock(minutes[-1] if minutes else None),
                max(gaps) if gaps else "",
                *parts,
                sum(mg for _, mg in caffeine_today),
                clock(clear),
                goal["kind"],
                amount,
                exercised,
                counted / amount * 100,
                "true" if met else "false",
                len({minute // 60 for minute in minutes}),
                len({row[5] if row[5] else row[4] for row in rows}),
                sum(1 for row in rows if row[4] == "typed"),
                sum(1 for row in rows if row[4] != "typed"),
            ]
        )
        day += timedelta(days=1)


if __name__ == "__main__":
    main()
