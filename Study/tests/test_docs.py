"""docs/FORMATS.md documents every column the dataset has (the codebook in schema.py)."""

from __future__ import annotations

from conftest import REPO

from liquidus_study import schema


def test_formats_md_documents_every_pooled_column():
    text = (REPO / "docs" / "FORMATS.md").read_text()
    section = text.split("## The study dataset", 1)
    assert len(section) == 2, "docs/FORMATS.md has no section '## The study dataset'"
    body = section[1].split("\n## ", 1)[0]
    tables = {**schema.TABLES, "participants": schema.PARTICIPANTS, "kept": schema.KEPT_TEXT}
    missing = [
        f"{name}.{column.name}"
        for name, columns in tables.items()
        for column in columns
        if f"`{column.name}`" not in body
    ]
    assert not missing, missing


def _study_section() -> str:
    """The study's guide, docs/STUDY.md (once the README's section "A study: many participants")."""
    return (REPO / "docs" / "STUDY.md").read_text().split("# A study: many participants", 1)[1]


def test_the_study_guides_duckdb_and_pandas_queries_run_on_a_dataset(local_run):
    import duckdb

    section = _study_section()
    sql = section.split("```sql\n", 1)[1].split("```", 1)[0].replace("dataset/", f"{local_run}/")
    with duckdb.connect() as db:
        rows = db.execute(sql).fetchall()
    assert {row[0] for row in rows} == {"007", "apple1", "planted"}
    assert any(row[3] is not None for row in rows)  # some week has an adherence figure
    code = section.split("```python\n", 2)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(code.replace('"dataset/', f'"{local_run}/'), namespace)
    weekly = namespace["weekly"]
    assert set(weekly.index.get_level_values("participant")) == {"007", "apple1", "planted"}
