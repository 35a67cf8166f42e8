"""The spectators' match page updates by fetching with its ETag, not <meta refresh>."""

from tests.web.test_match_pages import HRA_WON, start


def test_spectator_page_answers_304_until_a_deal_is_added(client):
    url = start(client)
    match_id = url.split("/")[2]
    first = client.get(f"/m/{match_id}")
    assert first.status_code == 200
    page = first.text
    assert 'http-equiv="refresh"' not in page  # axe-core: no timed refresh
    etag = first.headers["ETag"]
    assert f'data-etag="{etag}"' in page.replace("&#34;", '"').replace("&quot;", '"')
    assert "data-live-link" in page and "js/live.js" in page  # a plain link without JavaScript
    again = client.get(f"/m/{match_id}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    client.post(url, data=HRA_WON)
    changed = client.get(f"/m/{match_id}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def test_the_editors_page_does_not_poll(client):
    url = start(client)
    page = client.get(url).text
    assert "js/live.js" not in page and "data-live" not in page
