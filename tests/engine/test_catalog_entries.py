"""The Portuguese catalog has no unused and no untranslated entries (issue 36, "Done when").

An entry is used when some source marks its msgid for translation (``N_``, ``tr``, ``t``, ``say`` …: the markers
of :func:`engine.i18n.extract_messages`), or declares it as a claim's words (``claims.fact(name, yes, no)``:
:func:`engine.claims.say` looks those up in the catalog when a hint states the fact). An entry nobody uses is
a sentence the code no longer says, left to drift; an entry without a translation shows English on a
Portuguese page.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from engine import i18n

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "engine/locale/pt/LC_MESSAGES/parlour.po"
#: The code that speaks (tests and benches say nothing a learner reads).
SOURCE_DIRS = ("engine", "widgets", "deploy")
#: The markers, and a claim's words: ``fact(name, yes, no)``.
MARKERS = {**i18n.MARKERS, "fact": (1, 2)}


def _entries() -> list[tuple[str, str, bool]]:
    """(msgid, msgstr, fuzzy) of every entry of the catalog, its header left out."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    return [(m.id, m.string, m.fuzzy) for m in catalog if m.id and isinstance(m.id, str)]


def test_every_catalog_entry_is_used_by_the_code():
    sources = [p for d in SOURCE_DIRS for p in sorted((ROOT / d).rglob("*.py"))]
    used = set(i18n.extract_messages(*sources, markers=MARKERS))
    unused = [msgid for msgid, _, _ in _entries() if msgid not in used]
    assert unused == [], f"{len(unused)} catalog entries no source uses (remove them): {unused}"


def test_every_catalog_entry_is_translated():
    untranslated = [msgid for msgid, msgstr, fuzzy in _entries() if not msgstr or fuzzy]
    assert untranslated == [], f"catalog entries without a translation: {untranslated}"


def test_a_sentence_chosen_by_a_condition_counts_as_marked(tmp_path: Path):
    """``t("A" if over else "B")`` marks both sentences (the review panel's back button reads so)."""
    source = tmp_path / "example.py"
    source.write_text('label = t("Back to the end of the deal" if over else "Back to your game")\n'
                      'ONLY = fact("only_legal", "it is the only move you have")\n', encoding="utf-8")
    assert i18n.extract_messages(source) == ["Back to the end of the deal", "Back to your game"]
    assert i18n.extract_messages(source, markers=MARKERS)[-1] == "it is the only move you have"
