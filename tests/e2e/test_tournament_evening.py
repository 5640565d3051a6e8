"""A whole tournament in the browser, from registration to the printed prize list.

A Preisschafkopf of 40 under tournament points 1/5 (3 rounds of 32 games)
and a Sheepshead tournament of 15 (3 sessions of 20 hands), each run in
English and in German (four runs), over the everyday path: the /t/new form
on a 360 px phone (names typed, and in the German runs some from a CSV
file), the draw on the organiser's page, the seating plan, one table per
round entering its first deals on its own phone through the edit link the
organiser's page gives (the rest of its deals, and the other tables',
through each list's JSON API with the table's key), one table of round 2
handing in its paper sheet (a wrong sum refused first), the projector
following the first deal by itself, "my table and place" by start number,
and the prize list printed. The prize list is checked against the
standings computed here from each table's list totals and the sheet.

The deals are drawn from a seeded random generator, so a run is the same
every time; every table plays all its deals, so each table's list ends.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from playwright.sync_api import Browser, FilePayload, Page, expect

from tests.e2e.conftest import NARROW, LiveServer, Phone, new_phone, units
from tests.e2e.test_accessibility import AXE, axe_violations
from tests.web.test_i18n import compiled_catalog  # noqa: F401  (the German pages need the .mo)

SCHAFKOPFER = [
    "Alois", "Barbara", "Cäcilia", "Dominikus", "Engelbert", "Franziska", "Genoveva", "Hubert",
    "Ignaz", "Josefa", "Korbinian", "Leonhard", "Magdalena", "Notburga", "Oswald", "Pankraz",
    "Quirin", "Rosina", "Sebastian", "Theresia", "Ulrich", "Veronika", "Wendelin", "Xaver",
    "Zenzi", "Afra", "Benno", "Crescentia", "Donatus", "Elisabeth", "Florian", "Gertraud",
    "Hildegard", "Isidor", "Jakobus", "Kreszenz", "Lorenz", "Mechthild", "Nepomuk", "Ottilie",
]
SHEEPSHEADERS = [
    "Arlene", "Bud", "Carol", "Duane", "Earl", "Faye", "Gus", "Harlan", "Irma", "Jerome",
    "Kay", "Lyle", "Marge", "Norb", "Orville",
]


@dataclass(frozen=True)
class Kind:
    """One of the two tournaments: its participants, scoring choice, deals per round, table size."""

    scoring: str
    people: list[str]
    deals: int
    seats: int
    name: str


KINDS = {
    "1/5": Kind("1/5", SCHAFKOPFER, 32, 4, "Preisschafkopf beim Unterwirt"),
    "sheepshead": Kind("sheepshead", SHEEPSHEADERS, 20, 5, "Sheepshead at the Legion Hall"),
}
#: Deals a table's phone taps in; the rest of a table's deals go through the list's JSON API.
ON_THE_PHONE = 2
#: The standings page asks every 5 seconds on a phone: a change shows within two asks.
FOLLOWS_WITHIN = 15_000

WORDS = {
    "en": {"round_table": "Round {r} · Table {t}", "place": "Place {p} of {n}", "kept": "The sheet is kept",
           "sum": "the points sum to {n}"},
    "de": {"round_table": "Runde {r} · Tisch {t}", "place": "Platz {p} von {n}", "kept": "Der Zettel ist gespeichert",
           "sum": "die Punkte ergeben zusammen {n}"},
}


@pytest.fixture
def phone(browser: Browser, live_server: LiveServer) -> Iterator[Phone]:
    """The organiser's 360 x 740 phone with axe in every page; no console error, no foreign request."""
    phone = new_phone(browser, live_server, width=NARROW, height=740)
    phone.context.add_init_script(path=str(AXE))
    yield phone
    phone.context.close()
    phone.watch.assert_clean()


# -- the deals a table plays --------------------------------------------------------------


def schafkopf_deal(rng: random.Random, players: list[str]) -> dict[str, Any]:
    """A Sauspiel, Wenz or suit solo, won or lost, by players of the table."""
    declarer = rng.choice(players)
    game = rng.choice(["sauspiel", "sauspiel", "sauspiel", "wenz", "solo"])
    deal: dict[str, Any] = {"game": game, "declarer": declarer, "points": rng.choice(
        [rng.randint(0, 60), rng.randint(61, 120)])}
    if rng.random() < 0.1:
        deal.update(points=120, schwarz=True)
    if game == "sauspiel":
        deal["partner"] = rng.choice([p for p in players if p != declarer])
    return deal


def sheepshead_deal(rng: random.Random, players: list[str]) -> dict[str, Any]:
    """A pick with a partner or alone, won or lost, sometimes schneidered."""
    picker = rng.choice(players)
    deal: dict[str, Any] = {"game": "pick", "declarer": picker, "points": rng.choice(
        [rng.randint(0, 29), rng.randint(30, 60), rng.randint(61, 90), rng.randint(91, 120)])}
    if rng.random() < 0.7:
        deal["partner"] = rng.choice([p for p in players if p != picker])
    return deal


def a_deal(kind: Kind, rng: random.Random, players: list[str]) -> dict[str, Any]:
    return schafkopf_deal(rng, players) if kind.seats == 4 else sheepshead_deal(rng, players)


def tap_deal(page: Page, deal: dict[str, Any]) -> None:
    """Enter a deal on the open deal form by its choices' values (the same in every language), save."""
    def choose(name: str, value: str) -> None:
        page.locator(f"label.choice:has(input[name='{name}'][value='{value}'])").tap()

    choose("game", deal["game"])
    choose("declarer", deal["declarer"])
    if deal["game"] in ("sauspiel", "pick"):
        choose("partner", deal.get("partner", ""))
    page.locator("#points").fill(str(deal["points"]))
    if deal.get("schwarz"):
        choose("schwarz", "1")
    elif page.locator("label.choice:has(input[name='schwarz.no'])").is_visible():
        choose("schwarz.no", "1")  # asked at 0 to 22 or 120 points: both sides took a trick
    with page.expect_navigation():
        page.locator("form.deal-form button[type=submit]:not([name])").tap()


# -- what the standings must be, computed from the tables --------------------------------


@dataclass
class Evening:
    """What the run knows of its tournament: the ids and keys, and the sheets it handed in."""

    phone: Phone
    kind: Kind
    tournament: str
    key: str
    sheets: dict[tuple[int, int], dict[int, int]] = field(default_factory=dict)

    def get(self, path: str, **headers: str) -> Any:
        answer = self.phone.page.request.get(self.phone.base_url + path, headers=headers)
        assert answer.status == 200, answer.text()
        return answer.json()

    def read(self) -> Any:
        return self.get(f"/api/tournaments/{self.tournament}", **{"X-Edit-Key": self.key})

    def add(self, table: dict[str, Any], deal: dict[str, Any]) -> None:
        added = self.phone.page.request.post(
            f"{self.phone.base_url}/api/lists/{table['list']['id']}/deals", data=deal,
            headers={"X-Edit-Key": table["list"]["edit_key"]})
        assert added.status == 201, added.text()

    def expected(self) -> list[tuple[int, int, str, int, int]]:
        """(place, start number, name, points, solos won) of everyone, from each table's totals."""
        read = self.read()
        planned = read["rounds_planned"]
        names = {p["number"]: p["name"] for p in read["players"]}
        rounds = {n: [0] * planned for n in names}
        solos = dict.fromkeys(names, 0)
        for drawn in read["rounds"]:
            for table in drawn["tables"]:
                sheet = self.sheets.get((drawn["round"], table["table"]))
                if sheet is not None:
                    for number, points in sheet.items():
                        rounds[number][drawn["round"] - 1] += points
                    continue
                kept = self.get(f"/api/lists/{table['list']['id']}")
                assert sum(kept["totals"].values()) == 0  # plus-minus: a table's points sum to zero
                number_of = dict(zip(kept["players"], table["numbers"]))
                for name, total in kept["totals"].items():
                    rounds[number_of[name]][drawn["round"] - 1] += total
                for deal in kept["deals"]:
                    alone = deal["game"] in ("wenz", "solo") or (deal["game"] == "pick" and not deal.get("partner"))
                    if alone and deal["payouts"][deal["declarer"]] > 0:
                        solos[number_of[deal["declarer"]]] += 1

        def rank(n: int) -> tuple[int, int, int]:
            return sum(rounds[n]), solos[n], rounds[n][-1]

        ranked = sorted(names, key=rank, reverse=True)
        return [(1 + sum(rank(m) > rank(n) for m in names), n, names[n], sum(rounds[n]), solos[n])
                for n in ranked]


def prize_rows(page: Page) -> list[tuple[int, int, str, int, int]]:
    rows = page.locator("table.standings tbody tr")
    found = []
    for i in range(rows.count()):
        row = rows.nth(i)
        cell = {c: row.locator(f".{c}").inner_text().strip() for c in ("place", "number", "name", "points", "solos")}
        found.append((int(cell["place"].rstrip(".")), int(cell["number"]), cell["name"],
                      int(cell["points"].replace("\u2212", "-")), int(cell["solos"])))
    return found


def same_standings(shown: list[tuple[int, int, str, int, int]], expected: list[tuple[int, int, str, int, int]]) -> None:
    """The same lines, in an order by place (who shares a place may stand in any order)."""
    assert sorted(shown) == sorted(expected)
    assert [line[0] for line in shown] == sorted(line[0] for line in shown)


# -- the path through the pages ----------------------------------------------------------


def register(phone: Phone, kind: Kind, lang: str) -> Evening:
    """The /t/new form: name, scoring, rounds, deals; names typed, in German some from a CSV file."""
    page = phone.open(f"/lang/{lang}?next=/t/new")
    page.locator("#name").fill(kind.name)
    page.locator(f"input[name=scoring][value=\"{kind.scoring}\"]").check()
    page.locator("#rounds").fill("3")
    page.locator("#deals").fill(str(kind.deals))
    from_file = len(kind.people) // 3 if lang == "de" else 0
    typed = kind.people[:len(kind.people) - from_file]
    page.locator("#players").fill("\n".join(typed))
    if from_file:
        text = "Name;Verein\n" + "".join(f"{n};Schafkopfrunde\n" for n in kind.people[len(typed):])
        csv: FilePayload = {"name": "teilnehmer.csv", "mimeType": "text/csv", "buffer": text.encode("utf-8")}
        page.locator("#upload").set_input_files(files=[csv])
    with page.expect_navigation():
        page.locator("form.card button.primary[type=submit]").tap()
    expect(page.get_by_role("heading", name=kind.name, level=1)).to_be_visible()
    expect(page.locator(".participant")).to_have_count(len(kind.people))
    numbers = page.locator(".participant .start-number").all_inner_texts()
    names = page.locator(".participant .participant-name").all_inner_texts()
    assert list(zip(map(int, numbers), names)) == list(enumerate(kind.people, start=1))
    edit = page.locator("section.share a[href*='key=']").get_attribute("href") or ""
    key = parse_qs(urlsplit(edit).query)["key"][0]
    tournament = urlsplit(page.url).path.split("/")[2]
    return Evening(phone, kind, tournament, key)


def draw(evening: Evening, round_number: int) -> dict[str, Any]:
    """Tap the draw on the organiser's page; the seating plan names everyone; the round as the API reads it."""
    page = evening.phone.open(f"/t/{evening.tournament}")
    with page.expect_navigation():
        page.locator("form.draw button[type=submit]").tap()
    section = page.locator(f"#round-{round_number}")
    tables = len(evening.kind.people) // evening.kind.seats
    expect(section.locator(".table-card")).to_have_count(tables)
    with page.expect_navigation():
        section.locator("a[href$='/seating']").tap()
    by_name = page.locator("table.seating-names tbody th.name").all_inner_texts()
    assert sorted(by_name) == sorted(evening.kind.people)
    by_table = page.locator(".seat-table li").count()
    assert by_table == len(evening.kind.people)
    drawn = evening.read()["rounds"][round_number - 1]
    assert drawn["round"] == round_number and len(drawn["tables"]) == tables
    return dict(drawn)


def table_phone_enters(evening: Evening, browser: Browser, live_server: LiveServer, lang: str,
                       round_number: int, table: dict[str, Any], deals: list[dict[str, Any]]) -> None:
    """The table's own phone opens the edit link of the organiser's page and taps its first deals."""
    page = evening.phone.open(f"/t/{evening.tournament}")
    card = page.locator(f"#round-{round_number} .table-card").nth(table["table"] - 1)
    link = card.locator("a.button.primary[href*='key=']").get_attribute("href") or ""
    assert table["list"]["id"] in link
    at_table = new_phone(browser, live_server, width=NARROW, height=740)
    try:
        parts = urlsplit(link)
        table_page = at_table.open(f"/lang/{lang}?next={quote(f'{parts.path}?{parts.query}', safe='/?=&')}")
        assert "key=" not in table_page.url
        for deal in deals:
            with table_page.expect_navigation():
                table_page.locator("a[href$='/deals/new']").first.tap()
            tap_deal(table_page, deal)
            expect(table_page.locator(".flash").first).to_be_visible()
        kept = evening.get(f"/api/lists/{table['list']['id']}")["deals"]
        assert [(d["game"], d["declarer"], d.get("partner"), d["points"], d.get("schwarz", False))
                for d in kept] == [
            (d["game"], d["declarer"], d.get("partner"), d["points"], d.get("schwarz", False)) for d in deals]
    finally:
        at_table.context.close()
    at_table.watch.assert_clean()


def hand_in_sheet(evening: Evening, rng: random.Random, round_number: int, table: dict[str, Any], lang: str) -> None:
    """The organiser enters a table's paper sheet: a wrong sum refused, then the right one kept."""
    page = evening.phone.open(f"/t/{evening.tournament}")
    card = page.locator(f"#round-{round_number} .table-card").nth(table["table"] - 1)
    with page.expect_navigation():
        card.locator("a[href$='/sheet']").tap()
    numbers = table["numbers"]
    points = [rng.randint(-12, 12) for _ in numbers[1:]]
    points.insert(0, -sum(points))
    for number, value in zip(numbers, points):
        page.locator(f"input[name='points-{number}']").fill(str(value + (1 if number == numbers[-1] else 0)))
    with page.expect_navigation():
        page.locator("form.sheet-form button[type=submit]").tap()
    expect(page.locator("#sum-error")).to_contain_text(WORDS[lang]["sum"].format(n=1))
    page.locator(f"input[name='points-{numbers[-1]}']").fill(str(points[-1]))
    expect(page.locator("#sheet-sum")).to_have_text("0")
    with page.expect_navigation():
        page.locator("form.sheet-form button[type=submit]").tap()
    expect(page.locator(".flash")).to_contain_text(WORDS[lang]["kept"])
    evening.sheets[(round_number, table["table"])] = dict(zip(numbers, points))


def follow_on_projector(projector: Page, evening: Evening) -> None:
    """The projector shows the leaders and their points by itself."""
    expected = evening.expected()
    best = expected[0][3]
    leaders = [name for place, _n, name, _p, _s in expected if place == 1]
    top = projector.locator(".board-overall tbody tr").first
    expect(top.locator("td.points")).to_have_text(str(best), timeout=FOLLOWS_WITHIN)
    expect(top.locator("th.name")).to_have_text(
        re.compile("^(" + "|".join(map(re.escape, leaders)) + ")$"), timeout=FOLLOWS_WITHIN)


def my_table_and_place(evening: Evening, lang: str, drawn: dict[str, Any], round_number: int) -> None:
    """A participant finds the table of the latest round by start number."""
    page = evening.phone.open(f"/t/{evening.tournament}")
    with page.expect_navigation():
        page.locator(f"nav.tournament-pages a[href$='/t/{evening.tournament}/me']").tap()
    table = drawn["tables"][-1]
    number = table["numbers"][1]
    page.locator("input#number").fill(str(number))
    with page.expect_navigation():
        page.locator("form.find-me button[type=submit]").tap()
    answer = page.locator(".me-answer")
    expect(answer.locator(".me-big").first).to_have_text(
        WORDS[lang]["round_table"].format(r=round_number, t=table["table"]))
    place = next(line[0] for line in evening.expected() if line[1] == number)
    expect(answer.locator(".me-big").nth(1)).to_have_text(
        WORDS[lang]["place"].format(p=place, n=len(evening.kind.people)))
    others = answer.locator(".me-others li").all_inner_texts()
    assert others == [f"{n} · {p}" for n, p in zip(table["numbers"], table["players"]) if n != number]
    assert axe_violations(page) == [], "my table and place"


# Each tournament in the language of the players who hold it: a Preisschafkopf in
# German, a Sheepshead tournament in English (both languages of every tournament
# page are read by tests/e2e/test_tournament_pages.py and the accessibility tests).
@pytest.mark.parametrize(("scoring", "lang"), [("1/5", "de"), ("sheepshead", "en")])
def test_a_tournament_from_registration_to_the_printed_prize_list(
    phone: Phone, browser: Browser, live_server: LiveServer, scoring: str, lang: str,
) -> None:
    kind = KINDS[scoring]
    rng = random.Random(f"{scoring}-{lang}")
    evening = register(phone, kind, lang)
    projector = phone.context.new_page()
    phone.watch.attach(projector)
    projector.goto(f"{phone.base_url}/lang/{lang}?next={quote(f'/t/{evening.tournament}/standings')}")
    expect(projector.locator(".board-overall tbody tr")).to_have_count(len(kind.people))
    assert axe_violations(projector) == [], "the projector"

    for round_number in (1, 2, 3):
        drawn = draw(evening, round_number)
        if round_number == 1:
            assert axe_violations(phone.page) == [], "the seating plan"
            phone.open(f"/t/{evening.tournament}")
            assert axe_violations(phone.page) == [], "the organiser's page"
        tables = drawn["tables"]
        on_phone = tables[(round_number - 1) % len(tables)]
        on_paper = tables[-1] if round_number == 2 else None
        deals = [a_deal(kind, rng, on_phone["players"]) for _ in range(kind.deals)]
        table_phone_enters(evening, browser, live_server, lang, round_number, on_phone, deals[:ON_THE_PHONE])
        if round_number == 1:
            follow_on_projector(projector, evening)
        for deal in deals[ON_THE_PHONE:]:
            evening.add(on_phone, deal)
        if on_paper is not None:
            hand_in_sheet(evening, rng, round_number, on_paper, lang)
        for table in tables:
            if table is not on_phone and table is not on_paper:
                for _ in range(kind.deals):
                    evening.add(table, a_deal(kind, rng, table["players"]))
        if round_number == 1:
            follow_on_projector(projector, evening)
            assert axe_violations(projector) == [], "the projector after round 1"
    my_table_and_place(evening, lang, drawn, 3)

    expected = evening.expected()
    assert sum(line[3] for line in expected) == 0
    same_standings([(s["place"], s["number"], s["player"], s["points"], s["solos_won"])
                    for s in evening.read()["standings"]], expected)
    page = evening.phone.open(f"/t/{evening.tournament}")
    rows = page.locator("table.tournament-standings tbody tr")
    on_the_page = [(int(r.locator("td").nth(0).inner_text().rstrip(".")), int(r.locator("td").nth(1).inner_text()),
                    r.locator("th.who").inner_text().strip(), units(r.locator("td.pay").inner_text()))
                   for r in rows.all()]
    assert sorted(on_the_page) == sorted(line[:4] for line in expected)
    with page.expect_navigation():
        page.locator(f"nav.tournament-pages a[href$='/t/{evening.tournament}/prizes']").tap()
    assert axe_violations(page) == [], "the prize list"
    page.emulate_media(media="print")
    expect(page.locator("button[data-print]")).to_be_hidden()
    assert page.locator("button:visible, nav:visible, form:visible").count() == 0
    shown = prize_rows(page)
    same_standings(shown, expected)
    assert sum(line[3] for line in shown) == 0
    evening.phone.screenshot(f"tournament-evening-{kind.seats}-{lang}")
