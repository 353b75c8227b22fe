"""liquidus-study: a whole study's health exports into one pooled, analysis-ready dataset.

The Swift binary `liquidus` does the domain work per participant (parsing, de-duplication, days
in the participant's zone, goals and limits); Dask schedules one task per participant and DuckDB
writes the Parquet. See the repository's docs/STUDY.md, "A study: many participants".
"""

__version__ = "0.1.0"

#: The version of the pooled dataset's layout and columns (dataset.json `schema_version`).
SCHEMA_VERSION = 1
