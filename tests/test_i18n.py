"""All user-visible text is marked for translation: pybabel's extraction finds the page texts."""

from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

ROOT = Path(__file__).resolve().parents[1]


def test_pages_and_messages_are_marked_for_translation():
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:  # the templates and the games' forms
        method_map, options_map = parse_mapping_cfg(cfg)
    found = {
        message if isinstance(message, str) else message[0]
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map=method_map, options_map=options_map
        )
    }
    assert len(found) > 300
    for text in ("Scorekeeper", "Undo last deal", "History of changes", "Print standings"):
        assert text in found, text
