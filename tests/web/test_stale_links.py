"""Links from a deal list another phone has changed since (docs/saving.md "Two phones"): Edit,
Delete and Undo carry the deal's etag (API.md "Which deal"), so a stale list opens the deal it
showed, where it is now, or says it is gone; never another deal that took its number."""

from __future__ import annotations

import re

from tests.web.test_match_pages import HRA_WON, api_state, form_data, start


def deals(client, url: str, *trumps: str) -> None:
    for i, trump in enumerate(trumps):
        client.post(url, data=HRA_WON | {"declarer": str(i % 3), "trump": trump})


def links(client, url: str) -> dict[int, str]:
    """The Edit links of the match page's deal list, by deal number."""
    page = client.get(url).text
    found = re.findall(r'href="([^"]+/deals/(\d+)\?etag=[^"]+)"', page)
    return {int(n): href.replace("&amp;", "&") for href, n in found}


def delete(client, url: str, n: int) -> None:
    confirm = client.get(f"{url}/deals/{n}/delete").text
    client.post(f"{url}/deals/{n}/delete", data=form_data(confirm))


def test_edit_links_name_the_deal_by_its_etag(client):
    url = start(client)
    deals(client, url, "hearts", "spades")
    state = api_state(client, url)["deals"]
    assert links(client, url) == {d["n"]: f"{url}/deals/{d['n']}?etag={d['etag']}" for d in state}
    page = client.get(links(client, url)[2])
    assert page.status_code == 200 and "Edit deal 2 of 2" in page.text
    assert form_data(page.text, "deal-form")["version"] == state[1]["etag"]


def test_a_stale_edit_link_opens_the_deal_it_showed_where_it_is_now(client):
    url = start(client)
    deals(client, url, "hearts", "spades", "clubs")
    stale = links(client, url)[2]  # Petr · zelené, on a list that is about to be stale
    delete(client, url, 1)  # another phone deletes deal 1: Petr's deal is deal 1 now
    page = client.get(stale)
    assert page.status_code == 409
    assert "The deals changed on another phone" in page.text
    assert "Another phone deleted deal 1; the deal you chose is now deal 1: Petr" in page.text
    typed = form_data(page.text, "deal-form")
    assert typed["declarer"] == "1" and typed["trump"] == "spades"  # Petr's deal, not Ota's
    assert typed["version"] == api_state(client, url)["deals"][0]["etag"]
    assert re.search(rf'action="{url}/deals/1"', page.text)
    saved = client.post(f"{url}/deals/1", data=typed | {"trump": "diamonds"})
    assert saved.status_code == 302
    assert [d["record"]["trump"] for d in api_state(client, url)["deals"]] == ["diamonds", "clubs"]


def test_a_stale_edit_link_to_a_deal_edited_meanwhile_shows_it_as_it_is_now(client):
    url = start(client)
    deals(client, url, "hearts")
    stale = links(client, url)[1]
    mine = form_data(client.get(stale).text, "deal-form")
    client.post(f"{url}/deals/1", data=mine | {"trump": "clubs"})  # another phone edits it
    page = client.get(stale)
    assert page.status_code == 409
    assert "Another phone changed deal 1 meanwhile; it now says: Jana · žaludy" in page.text
    assert form_data(page.text, "deal-form")["trump"] == "clubs"


def test_a_stale_link_to_a_deleted_deal_says_so_and_offers_no_other_deal(client):
    url = start(client)
    deals(client, url, "hearts", "spades")
    stale = links(client, url)[2]
    delete(client, url, 2)
    page = client.get(stale)
    assert page.status_code == 409
    assert "Another phone deleted the deal you chose meanwhile." in page.text
    assert 'id="deal-form"' not in page.text and "Back to the match" in page.text


def test_a_deal_number_that_is_not_there_is_the_apps_own_404(client):
    url = start(client)
    deals(client, url, "hearts")
    for path in ("/deals/7", "/deals/7/delete"):
        page = client.get(url + path, headers={"Accept-Language": "cs"})
        assert page.status_code == 404
        assert '<html lang="cs">' in page.text and 'class="top"' in page.text  # the app's look
        assert "V tomto zápase není rozdání 7" in page.text
        assert f'href="{url}"' in page.text  # back to the match


def test_stale_delete_and_undo_links_show_the_conflict_before_anything_is_tapped(client):
    url = start(client)
    deals(client, url, "hearts", "spades", "clubs")
    state = api_state(client, url)["deals"]
    delete_3 = f"{url}/deals/3/delete?etag={state[2]['etag']}"
    undo = re.search(r'href="([^"]+/undo\?etag=[^"]+)"', client.get(url).text)[1]
    assert undo.endswith(state[2]["etag"])  # undo names the last deal
    delete(client, url, 1)
    page = client.get(delete_3)
    assert page.status_code == 409
    assert "the deal you meant to delete is now deal 2" in page.text
    assert f'action="{url}/deals/2/delete"' in page.text
    client.post(url, data=HRA_WON)  # another phone adds a deal: the undo link is stale
    page = client.get(undo)
    assert page.status_code == 409
    assert "Another phone added deal 3 meanwhile" in page.text
    assert len(api_state(client, url)["deals"]) == 3  # nothing changed
