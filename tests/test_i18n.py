"""All user-visible text is marked for translation: pybabel's extraction finds the page texts."""

from pathlib import Path

from babel.messages.extract import extract_from_dir

ROOT = Path(__file__).resolve().parents[1]


def test_pages_and_messages_are_marked_for_translation():
    method_map = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2")]
    found = {
        message if isinstance(message, str) else message[0]
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map=method_map, options_map={"templates/**.html": {}}
        )
    }
    assert len(found) > 300
    for text in ("Scorekeeper", "Undo last deal", "History of changes", "Print standings"):
        assert text in found, text
