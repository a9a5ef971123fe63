"""The "rules for this hand" reminders: the card order of this hand's trump, the duties of play
and what a hand scores, as the table screen shows them. Expected lines are written out by
hand from the rulings, not taken from the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.games.log import load_log
from companion.games.recruit import Recruit
from companion.games.recruit.game import Deal
from companion.rules import replay
from companion.rules.cards import parse_card
from companion.rules.events import Seat

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
NB = "\u00a0"  # a rank and its points stay on one line


def reminders_after(name: str, count: int | None, **options: Any) -> list[tuple[str, str, str]]:
    """The reminders once the first ``count`` events of an example log are played."""
    data = json.loads((EXAMPLES / name).read_text())
    data["events"] = data["events"][:count]
    data["options"] = {**data["options"], **options}
    log = load_log(data)
    state = replay(log.rules, log.events).state
    return [(r.label, r.text, r.rule) for r in log.rules.reminders(state)]


def labels(reminders: list[tuple[str, str, str]]) -> list[str]:
    return [label for label, _, _ in reminders]


BELOTE_TRUMP = f"J{NB}(20) · 9{NB}(14) · A{NB}(11) · 10{NB}(10) · K{NB}(4) · Q{NB}(3) · 8 · 7"
BELOTE_PLAIN = f"A{NB}(11) · 10{NB}(10) · K{NB}(4) · Q{NB}(3) · J{NB}(2) · 9 · 8 · 7"


class TestBelote:
    def test_while_bidding_the_orders_without_a_suit(self) -> None:
        assert reminders_after("belote/made-contract.json", 1) == [
            ("The trump suit, high to low (card points)", BELOTE_TRUMP, "ranks"),
            ("The other suits, high to low", BELOTE_PLAIN, "ranks"),
            ("Points in a hand", "152 in the cards + 10 for the last trick = 162", "card-points"),
        ]

    def test_once_hearts_are_trump_the_duties_of_play(self) -> None:
        out = reminders_after("belote/made-contract.json", 4)  # Cat took the 7♥
        assert out == [
            ("Trump ♥, high to low (card points)", BELOTE_TRUMP, "ranks"),
            ("♠ ♦ ♣, high to low", BELOTE_PLAIN, "ranks"),
            ("Points in a hand", "152 in the cards + 10 for the last trick = 162", "card-points"),
            (
                "Out of the suit led",
                "an opponent winning: trump, over any trump already in the trick if you can; "
                "your partner winning: play anything",
                "must-trump",
            ),
            (
                "♥ led",
                "play a trump, higher than every trump in the trick if you can; with your "
                "partner winning, any trump",
                "trump-lead",
            ),
        ]

    def test_house_rule_always_overtrump_on_a_trump_lead(self) -> None:
        found = reminders_after("belote/made-contract.json", 4, trump_lead="always")
        out = {label: text for label, text, _ in found}
        assert out["♥ led"] == "play a trump, higher than every trump in the trick if you can"

    def test_nothing_between_hands(self) -> None:
        assert reminders_after("belote/made-contract.json", None) == []


MALILLA_ORDER = f"7{NB}(5) · A{NB}(4) · K{NB}(3) · Q{NB}(2) · J{NB}(1) · 6 · 5 · 4 · 3 · 2"


class TestMalilla:
    def test_after_the_deal_every_plain_seven_is_held_back(self) -> None:
        assert reminders_after("malilla/normal-hand.json", 1) == [  # 3♦ turned: ♦ trump
            ("Every suit, high to low (card points)", MALILLA_ORDER, "cards"),
            (
                "A hand holds",
                "60 in the cards + 1 for each of the 10 tricks = 70; the side with more scores "
                "its points minus 35",
                "scoring",
            ),
            (
                "Out of the suit led",
                "an opponent winning with a plain card: play a ♦ trump; winning with a trump: "
                "a higher trump if you have one",
                "must-beat",
            ),
            (
                "Sevens held back",
                "7♠ 7♥ 7♣: no discarding the 7 of a suit not led yet this hand (leading it is "
                "fine)",
                "unled-seven",
            ),
        ]

    def test_a_led_suit_frees_its_seven(self) -> None:
        """Clubs were led twice and hearts once: only the 7♠ is still held back."""
        out = {label: text for label, text, _ in reminders_after("malilla/normal-hand.json", 4)}
        assert out["Sevens held back"].startswith("7♠: ")

    def test_cards_only_house_rule(self) -> None:
        out = {
            label: text
            for label, text, _ in reminders_after("malilla/normal-hand.json", 1, trick_point=False)
        }
        assert out["A hand holds"] == (
            "60 in the cards = 60; the side with more scores its points minus 35"
        )


class TestBuckEuchre:
    def test_spades_trump_with_the_bowers_and_the_declarer(self) -> None:
        assert reminders_after("buck_euchre/declarer-euchred.json", 4) == [
            ("Trump ♠, high to low", "J♠ · J♣ · A · K · Q · 10 · 9", "cards"),
            ("♣, high to low", "A · K · Q · 10 · 9: its jack is a trump this hand", "cards"),
            ("♥ ♦, high to low", "A · K · Q · J · 10 · 9", "cards"),
            ("J♣", "follows a ♠ lead; on a ♣ lead it does not count as ♣", "follow-suit"),
            (
                "Scoring",
                "Bob (declarer) needs 3 tricks or goes up 5; anyone else who stays in and takes "
                "no trick goes up 5; otherwise 1 off a trick; all 5 tricks win the game",
                "scoring",
            ),
        ]

    def test_while_bidding_the_bowers_in_general(self) -> None:
        out = reminders_after("buck_euchre/declarer-euchred.json", 2)
        assert out[0] == (
            "Trump, high to low",
            "J of trump · J of the same colour · A · K · Q · 10 · 9",
            "cards",
        )
        assert out[1][1].startswith("the declarer needs 3 tricks or goes up 5")

    def test_no_trump(self) -> None:
        data = json.loads((EXAMPLES / "buck_euchre/no-trump.json").read_text())
        first_trick = next(i for i, e in enumerate(data["events"]) if e["type"] == "trick")
        assert reminders_after("buck_euchre/no-trump.json", first_trick) == [
            (
                "No trump",
                "every suit A · K · Q · J · 10 · 9: the best card of the suit led wins",
                "no-trump",
            ),
            (
                "Scoring",
                "anyone who takes no trick goes up 5; otherwise 1 off a trick; all 5 tricks win "
                "the game",
                "scoring",
            ),
        ]

    def test_dirty_clubs_has_no_declarer(self) -> None:
        out = reminders_after("buck_euchre/dirty-clubs.json", 1)
        assert labels(out) == ["Trump ♣, high to low", "♠, high to low", "♥ ♦, high to low",
                               "J♠", "Scoring"]  # fmt: skip
        assert out[0][1] == "J♣ · J♠ · A · K · Q · 10 · 9"
        assert out[-1][1].startswith("anyone who takes no trick goes up 5")


class TestRecruit:
    @staticmethod
    def reminders(shown: str, *variants: str, **options: Any) -> dict[str, str]:
        rules = Recruit(3, options, ["Ann", "Bob", "Cat"])
        deal = Deal(dealer=Seat(0), shown=parse_card(shown), variants=frozenset(variants))
        state = replay(rules, [deal]).state
        return {r.label: r.text for r in rules.reminders(state)}

    def test_plain_hand(self) -> None:
        assert self.reminders("7H") == {
            "A trick goes to": "the joker, else the highest trump ♥, else the highest card of "
            "the suit led",
            "The joker": "may be played only when you cannot follow suit; when it leads, the "
            "others may play anything",
            "A pile scores": "1 a card; −5 for each face rank (J, Q, K) held twice or more",
        }

    def test_joker_shown_means_no_trump_and_no_match(self) -> None:
        out = self.reminders("JK", "match")
        assert out["A trick goes to"] == "the joker, else the highest card of the suit led"
        assert "Match" not in out["A pile scores"]

    def test_variants_and_house_rules_of_the_hand(self) -> None:
        out = self.reminders(
            "5C",
            "match",
            "dream_team",
            "low_penalty",
            match_scoring="bonus",
            joker_play="any-time",
            joker_lead="next-card",
        )
        assert out["A pile scores"] == (
            "1 a card; −3 for each face rank (J, Q, K) held twice or more (Low Penalty); "
            "each 5, the rank turned up, is worth 1 + 4 (Match); +5 for exactly one J, one Q "
            "and one K (Dream Team)"
        )
        assert out["The joker"] == (
            "may be played at any time; when it leads, the next card played sets the suit"
        )
