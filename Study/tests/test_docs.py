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
