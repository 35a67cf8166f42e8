"""The match pages when another phone changed the deals (docs/saving.md): edit, delete and
undo carry the etag of the deal shown; a stale one changes nothing and says what happened."""

from __future__ import annotations

from tests.web.test_match_pages import HRA_WON, api_state, form_data, start


def three_deals(client) -> str:
    url = start(client)
    for declarer, trump in [("0", "hearts"), ("1", "spades"), ("2", "clubs")]:
        client.post(url, data=HRA_WON | {"declarer": declarer, "trump": trump})
    return url


def test_saving_an_edit_of_a_deal_another_phone_undid(client):
    # not a bare "Not Found" page, and the change is not lost
    url = three_deals(client)
    mine = form_data(client.get(url + "/deals/3").text, "deal-form")
    client.post(url + "/undo", data=form_data(client.get(url + "/undo").text))
    before = api_state(client, url)["deals"]
    page = client.post(url + "/deals/3", data=mine | {"trump": "diamonds"})
    assert page.status_code == 409
    assert "Another phone deleted the deal you were editing meanwhile." in page.text
    assert form_data(page.text, "deal-form")["trump"] == "diamonds"  # as typed
    assert "Save as a new deal" in page.text
    assert api_state(client, url)["deals"] == before
    again = client.post(url, data=form_data(page.text, "deal-form"))  # saved as a new deal
    assert again.status_code == 302
    assert api_state(client, url)["deals"][-1]["record"]["trump"] == "diamonds"


def test_a_stale_delete_and_undo_change_nothing(client):
    url = three_deals(client)
    delete_2 = form_data(client.get(url + "/deals/2/delete").text)
    undo_3 = form_data(client.get(url + "/undo").text)
    client.post(url + "/deals/1/delete", data=form_data(client.get(url + "/deals/1/delete").text))
    before = api_state(client, url)["deals"]
    page = client.post(url + "/deals/2/delete", data=delete_2)
    assert page.status_code == 409 and "Another phone deleted deal 1" in page.text
    assert "the deal you meant to delete is now deal 1" in page.text
    assert api_state(client, url)["deals"] == before
    client.post(url, data=HRA_WON)  # another phone adds deal 3
    page = client.post(url + "/undo", data=undo_3)
    assert page.status_code == 409 and "Another phone" in page.text
    assert "the deal you meant to undo is now deal 2" in page.text
    assert len(api_state(client, url)["deals"]) == 3
    # the offer: delete the deal meant, where it is now
    assert f'action="{url}/deals/2/delete"' in page.text
    client.post(url + "/deals/2/delete", data=form_data(page.text))
    assert [d["record"]["trump"] for d in api_state(client, url)["deals"]] == [
        "spades",
        "hearts",
    ]
