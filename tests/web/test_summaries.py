"""The one-line deal summaries in the match's deal list (what the table reported)."""

from __future__ import annotations

from scorekeeper.web.forms import summarize


def test_marias_hra_decided_by_points_shows_its_outcome(app):
    """RULES.md §4: points decide a hra whose won is left out; the line shows ✓ or ✗."""
    with app.test_request_context():
        won = {"declarer": 0, "trump": "hearts", "parts": [{"kind": "hra", "flek": 0}]}
        line = summarize(
            "marias",
            won | {"declarer_points": 70, "defender_points": 40},
            ["Jana", "Petr", "Ota"],
            {},
        )
        assert line.startswith("Jana · ") and "hra ✓" in line and line.endswith("70:40")
        lost = won | {"declarer_points": 40, "defender_points": 70}
        assert "hra ✗" in summarize("marias", lost, ["Jana", "Petr", "Ota"], {})
        said = {
            "declarer": 1,
            "trump": "bells",
            "parts": [{"kind": "hra", "won": False, "flek": 1}],
        }
        assert "hra ✗" in summarize(
            "marias", said | {"trump": "hearts"}, ["Jana", "Petr", "Ota"], {}
        )


def test_briscola_line_names_the_trump(app):
    with app.test_request_context():
        record = {"trump": "clubs", "points": [70, 50], "declarations": [], "claim": None}
        line = summarize("marianna", record, ["Anna", "Bruno"], {"players": 2})
        assert line.startswith("bastoni ♣ · 70 : 50"), line
