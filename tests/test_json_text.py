"""``json_text``: orjson's compact text, and the standard library where orjson refuses."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import json_text

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()  # beyond 64 bits too: strict request parsing lets them through
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(JSON)
def test_text_reads_back_as_the_standard_library_reads_it(value):
    text = json_text.dumps(value)
    assert json_text.loads(text) == json.loads(text) == value
    assert json_text.loads(text.encode()) == value


def test_compact_utf8_and_huge_integers():
    assert json_text.dumps({"hráč": [1, None, True]}) == '{"hráč":[1,null,true]}'
    assert json_text.dumps({"n": 2**70}) == '{"n":1180591620717411303424}'
    assert json_text.loads('{"n":1180591620717411303424}') == {"n": 2**70}
    assert json_text.dumps({1: "a"}) == '{"1":"a"}'  # keys as the standard library writes them


def test_integers_just_beyond_64_bits_read_back_exactly():
    for n in (2**63, -(2**63) - 1, 2**64, 2**64 + 1, 10**30):
        assert json_text.loads(json_text.dumps({"n": n})) == {"n": n}


def test_a_number_the_driver_hands_back_as_a_number_is_its_own_value():
    # SQLite's JSON column has numeric affinity: the stored text "0" comes back as the int 0.
    assert json_text.loads(0) == 0 and json_text.loads(2.5) == 2.5
