#!/usr/bin/env python3
"""Checks `liquidus export --format fhir` with the fhir.resources package, for FHIRExportTests.

    validate_fhir.py OBSERVATIONS.ndjson ENTRIES.json [SUBJECT]

Every line must parse as one FHIR Observation under fhir.resources' R4B models (the nearest to
R4 the package has). They check structure only, so the codes, systems and units a clinic
relies on are checked here too, and each observation against the entry of the same id in
ENTRIES.json (`liquidus export --format json` of the same period). Prints `ok N` or the first
problem, with its line number, and exits 1.
"""

from __future__ import annotations

import json
import sys

from fhir.resources.R4B.observation import Observation

LOINC = ("http://loinc.org", "9000-1")
SNOMED = ("http://snomed.info/sct", "251853006")
UCUM = "http://unitsofmeasure.org"
IDENTIFIER_SYSTEM = "urn:liquidus:entry-uid"


def check(line_number: int, text: str, entries: dict, subject: str | None) -> None:
    observation = Observation.model_validate_json(text)

    def fail(problem: str) -> None:
        raise SystemExit(f"line {line_number}: {problem}\n{text}")

    if observation.status != "final":
        fail(f"status {observation.status!r}, not 'final'")
    codings = {(coding.system, coding.code) for coding in observation.code.coding}
    if LOINC not in codings or SNOMED not in codings:
        fail(f"code {sorted(codings)} lacks LOINC 9000-1 or SNOMED CT 251853006")
    quantity = observation.valueQuantity
    if quantity is None or quantity.system != UCUM or quantity.code != "mL" or quantity.unit != "mL":
        fail("valueQuantity is not in UCUM mL")
    identifiers = [(i.system, i.value) for i in observation.identifier or []]
    if identifiers != [(IDENTIFIER_SYSTEM, observation.id)]:
        fail(f"identifier {identifiers} is not the id {observation.id!r} in {IDENTIFIER_SYSTEM}")
    entry = entries.get(observation.id)
    if entry is None:
        fail(f"id {observation.id} is no entry of the export")
    if abs(float(quantity.value) - entry["amount"]) > 0.005:
        fail(f"value {quantity.value} mL, the entry has {entry['amount']}")
    effective = json.loads(text)["effectiveDateTime"]
    if effective != entry["date"]:
        fail(f"effectiveDateTime {effective}, the entry's date is {entry['date']}")
    if subject and (observation.subject is None or observation.subject.reference != subject):
        fail(f"subject is not {subject}")
    components = {c.code.coding[0].code: c for c in observation.component or []}
    if components["drink-type"].valueString != entry["drink"]:
        fail("the drink-type component is not the entry's drink")
    caffeine = components.get("caffeine")
    if entry["caffeineMg"] > 0:
        if caffeine is None or caffeine.valueQuantity.code != "mg" or caffeine.valueQuantity.system != UCUM:
            fail("caffeine is not a component in UCUM mg")
        if abs(float(caffeine.valueQuantity.value) - entry["caffeineMg"]) > 0.005:
            fail("the caffeine component is not the entry's caffeine")
    elif caffeine is not None:
        fail("a caffeine component on a drink without caffeine")


def main() -> None:
    observations_path, entries_path = sys.argv[1:3]
    subject = sys.argv[3] if len(sys.argv) > 3 else None
    with open(entries_path, encoding="utf-8") as file:
        entries = {entry["uid"]: entry for entry in json.load(file)}
    count = 0
    with open(observations_path, encoding="utf-8") as file:
        for number, line in enumerate(file, start=1):
            check(number, line, entries, subject)
            count += 1
    if count != len(entries):
        raise SystemExit(f"{count} observations for {len(entries)} entries")
    print(f"ok {count}")


if __name__ == "__main__":
    main()
