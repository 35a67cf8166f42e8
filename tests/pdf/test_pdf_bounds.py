"""PDFs are cached per content (a match or tournament that has not changed is not rendered
again) and at most PDF_RENDERS render at once while the rest of the site answers."""

from __future__ import annotations

import threading
import time

from scorekeeper.printing import response as print_response
from scorekeeper.printing.pdf import Busy, PdfRenderer


def test_the_same_sheet_is_rendered_once_and_answered_304_when_unchanged(client):
    first = client.get("/sheets/marias.pdf?players=Jana,Petr,Ota")
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    again = client.get("/sheets/marias.pdf?players=Jana,Petr,Ota")
    assert again.data == first.data
    pdfs = client.application.extensions["pdf_renderer"]
    assert pdfs.renders == 1
    etag = first.headers["ETag"]
    cached = client.get("/sheets/marias.pdf?players=Jana,Petr,Ota", headers={"If-None-Match": etag})
    assert cached.status_code == 304
    other = client.get("/sheets/marias.pdf?players=Jana,Petr,Eva")  # a changed sheet
    assert other.headers["ETag"] != etag and pdfs.renders == 2


def test_a_match_record_is_rendered_again_after_a_new_deal(client):
    made = client.post("/api/v1/matches", json={"game": "mariage", "players": ["Hans", "Grete"]})
    url = f"/m/{made.json['id']}/record.pdf"
    first = client.get(url).headers["ETag"]
    assert client.get(url).headers["ETag"] == first
    deal = {"trump": "hearts", "points": [95, None], "marriages": [[], []], "first_to_target": None}
    headers = {"Authorization": f"Bearer {made.json['token']}"}
    assert (
        client.post(
            f"/api/v1/matches/{made.json['id']}/deals", json=deal, headers=headers
        ).status_code
        == 201
    )
    assert client.get(url).headers["ETag"] != first


def test_renders_beyond_the_slots_wait_and_then_give_up(monkeypatch):
    started = threading.Event()
    release = threading.Event()

    def slow(html, *, base_url):
        started.set()
        release.wait(5)
        return b"%PDF-" + html.encode()

    monkeypatch.setattr("scorekeeper.printing.pdf.render_pdf", slow)
    pdfs = PdfRenderer(slots=1, wait=0.2)
    worker = threading.Thread(target=pdfs.render, args=("<p>a</p>",), kwargs={"base_url": "/"})
    worker.start()
    started.wait(5)
    begun = time.monotonic()
    try:
        pdfs.render("<p>b</p>", base_url="/")
        raise AssertionError("a second render ran beside the first")
    except Busy:
        assert 0.15 < time.monotonic() - begun < 2
    release.set()
    worker.join()
    assert pdfs.render("<p>a</p>", base_url="/") == b"%PDF-<p>a</p>"  # from the cache
    assert pdfs.renders == 1


def test_a_busy_renderer_answers_503_with_retry_after(client, monkeypatch):
    class AlwaysBusy(PdfRenderer):
        def render(self, html, *, base_url):
            raise Busy

    monkeypatch.setattr(print_response, "renderer", lambda: AlwaysBusy())
    answer = client.get("/sheets/marias.pdf")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "30"
    assert "try again" in answer.text
    assert client.get("/sheets/marias").status_code == 200  # the HTML sheet still answers


def test_beyond_the_queue_a_render_is_refused_at_once(monkeypatch):
    started, release = threading.Event(), threading.Event()

    def slow(html, *, base_url):
        started.set()
        release.wait(5)
        return b"%PDF-" + html.encode()

    monkeypatch.setattr("scorekeeper.printing.pdf.render_pdf", slow)
    pdfs = PdfRenderer(slots=1, wait=10, queue=1)
    rendering = threading.Thread(target=pdfs.render, args=("<p>a</p>",), kwargs={"base_url": "/"})
    rendering.start()
    started.wait(5)
    waiting = threading.Thread(target=pdfs.render, args=("<p>b</p>",), kwargs={"base_url": "/"})
    waiting.start()
    time.sleep(0.2)
    begun = time.monotonic()
    try:
        pdfs.render("<p>c</p>", base_url="/")
        raise AssertionError("a third request held a thread")
    except Busy:
        assert time.monotonic() - begun < 0.1  # no waiting: the server thread is free at once
    release.set()
    rendering.join()
    waiting.join()
    assert pdfs.renders == 2
