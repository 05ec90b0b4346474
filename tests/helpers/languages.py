"""The course's languages as they are on disk, for the tests that check every language without naming it.

A language other than English is there when its files are: its catalog
(``thirtyone/locale/<lang>/LC_MESSAGES/thirtyone.po``) and its pages (``tools/lessons/<lang>/*.md``, written to
``notebooks/<lang>/``). A test of what every catalog must be is parametrised over :func:`catalogs`, a test of
what every translated page must be over :func:`page_languages`: a language added on disk is checked by the
same tests without an edit, and a language not there yet is not collected (its own tests skip).

    @pytest.mark.parametrize("lang", catalogs())
    def test_each_catalog_is_complete(lang): ...

Nothing here imports the package: the folders are read, not the registry (:data:`thirtyone.i18n.REGISTERED`), so
a catalog on disk that nobody registered is still found, and a test says so."""

from __future__ import annotations

from pathlib import Path

import pytest

__all__ = ["ROOT", "LOCALE_DIR", "LESSONS_DIR", "NOTEBOOKS", "catalogs", "catalog", "page_languages",
           "translated", "notebooks", "lessons", "needs"]

ROOT = Path(__file__).resolve().parents[2]
LOCALE_DIR = ROOT / "thirtyone" / "locale"
LESSONS_DIR = ROOT / "tools" / "lessons"
NOTEBOOKS = ROOT / "notebooks"


def catalog(lang: str) -> Path:
    """Where ``lang``'s catalog is (or would be)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / "thirtyone.po"


def catalogs() -> list[str]:
    """Every language with a catalog on disk, by code, sorted (English has none: it is the code's own)."""
    return sorted(po.parent.parent.name for po in LOCALE_DIR.glob("*/LC_MESSAGES/thirtyone.po"))


def page_languages() -> list[str]:
    """Every language with translated pages on disk (``tools/lessons/<lang>/*.md``), by code, sorted."""
    if not LESSONS_DIR.is_dir():
        return []
    return sorted(d.name for d in LESSONS_DIR.iterdir() if d.is_dir() and any(d.glob("*.md")))


def translated() -> list[str]:
    """Every language other than English with a catalog or pages on disk."""
    return sorted({*catalogs(), *page_languages()})


def lessons(lang: str) -> list[Path]:
    """A language's page texts (``tools/lessons/<lang>/*.md``; English: ``tools/lessons/*.md``)."""
    return sorted((LESSONS_DIR if lang == "en" else LESSONS_DIR / lang).glob("*.md"))


def notebooks(lang: str) -> list[Path]:
    """A language's generated pages (``notebooks/<lang>/*.ipynb``; English: ``notebooks/*.ipynb``)."""
    return sorted((NOTEBOOKS if lang == "en" else NOTEBOOKS / lang).glob("*.ipynb"))


def needs(lang: str, *, pages: bool = False) -> pytest.MarkDecorator:
    """Skip a test of one language (its decided words, say) while its catalog (and with ``pages`` its pages)
    is not on disk: ``@needs("de")``."""
    missing = [what for what, there in (("catalog", lang in catalogs()), ("pages", lang in page_languages()))
               if (what == "catalog" or pages) and not there]
    return pytest.mark.skipif(bool(missing), reason=f"no {' and no '.join(missing)} for {lang!r} on disk yet")
