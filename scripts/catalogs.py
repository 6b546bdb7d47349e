"""Bring the translation catalogs up to date with the code and the templates.

python scripts/catalogs.py            # every language's .po file: new messages added, unused ones dropped
python scripts/catalogs.py --new el   # start the catalog of a new language (here Greek)

The messages are extracted (``babel.cfg`` says where) into a template made in
a temporary folder; each ``rummy_rules/locale/LANG/LC_MESSAGES/rummy_rules.po``
is then updated from it: a new message comes in untranslated, for the
translator (``tests/test_languages.py`` fails until every message is
translated). Only the ``.po`` files are kept in the repository: building the
package compiles them (``hatch_build.py``), and a checkout reads them as
they are (``rummy_rules/render/i18n.py``). Needs Babel (the dev or lang extra).
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "rummy_rules" / "locale"
DOMAIN = "rummy_rules"


def pybabel(*args: str) -> None:
    """Run one ``pybabel`` command, quietly."""
    CommandLineInterface().run(["pybabel", "--quiet", *args])


def main(argv: list[str]) -> int:
    new = None
    if argv[:1] in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if argv[:1] == ["--new"] and len(argv) == 2:
        new = argv[1]
    elif argv:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as work:
        template = str(Path(work) / f"{DOMAIN}.pot")
        pybabel(
            "extract", "-F", str(ROOT / "babel.cfg"), "-o", template,
            "--no-location", "--sort-output", "--project", "rummy-rules", str(ROOT),
        )  # fmt: skip
        if new is not None:
            pybabel("init", "-i", template, "-d", str(LOCALE), "-D", DOMAIN, "-l", new, "-w", "100")
            print(f"started {LOCALE.relative_to(ROOT)}/{new}/LC_MESSAGES/{DOMAIN}.po")
            return 0
        before = {path: path.read_text(encoding="utf-8") for path in catalogs()}
        pybabel(
            "update", "-i", template, "-d", str(LOCALE), "-D", DOMAIN, "-w", "100",
            "--no-fuzzy-matching", "--ignore-obsolete",
        )  # fmt: skip
    for path in catalogs():
        if undated(path.read_text(encoding="utf-8")) == undated(before.get(path, "")):
            # Only the template's date changed: the file is left as it was.
            path.write_text(before[path], encoding="utf-8")
            print(f"up to date: {path.relative_to(ROOT)}")
        else:
            print(f"updated {path.relative_to(ROOT)}")
    return 0


def catalogs() -> list[Path]:
    """Every language's ``.po`` file."""
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def undated(text: str) -> str:
    """A catalog's text without its template's creation date."""
    return re.sub(r'"POT-Creation-Date: [^"]*"', "", text)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
